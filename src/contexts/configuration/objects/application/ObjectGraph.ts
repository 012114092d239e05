import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';

/** One node of an object tree: the object, the slot its parent reaches it through, and its own children. */
export interface ObjectTreeNode {
  readonly object: ConfigObject;
  /** The parent's reference slot that leads here; undefined for the root. */
  readonly via: string | undefined;
  /** True when the object is already shown higher up or earlier in the tree (cycles, shared children): not expanded again. */
  readonly repeated: boolean;
  readonly children: readonly ObjectTreeNode[];
}

/**
 * A read-only view of one lab's working graph, loaded once per request, for the walks the detached-objects
 * operations need (descendants, trees, referrers). Walks are cycle-safe: every object is visited once.
 */
export class ObjectGraph {
  private readonly byId: ReadonlyMap<string, ConfigObject>;

  constructor(readonly objects: readonly ConfigObject[]) {
    this.byId = new Map(objects.map((o) => [o.id, o]));
  }

  get(id: string): ConfigObject | undefined {
    return this.byId.get(id);
  }

  sortOf = (id: string): ObjectSort | undefined => this.byId.get(id)?.sort;

  /** (slot, object) pairs an object references, in slot order; ids that name no object are left out. */
  childrenOf(object: ConfigObject): Array<{ slot: string; child: ConfigObject }> {
    const children: Array<{ slot: string; child: ConfigObject }> = [];
    for (const [slot, ids] of Object.entries(object.references)) {
      for (const id of ids) {
        const child = this.byId.get(id);
        if (child) children.push({ slot, child });
      }
    }
    return children;
  }

  /** Every object reachable from the root through references, the root first, then breadth first. */
  subtree(root: ConfigObject): ConfigObject[] {
    const seen = new Set<string>([root.id]);
    const order: ConfigObject[] = [root];
    for (let i = 0; i < order.length; i += 1) {
      for (const { child } of this.childrenOf(order[i]!)) {
        if (!seen.has(child.id)) {
          seen.add(child.id);
          order.push(child);
        }
      }
    }
    return order;
  }

  /** The root with its descendants as a tree; an object met a second time is shown once more, unexpanded. */
  tree(root: ConfigObject): ObjectTreeNode {
    const expanded = new Set<string>();
    const build = (object: ConfigObject, via: string | undefined): ObjectTreeNode => {
      if (expanded.has(object.id)) return { object, via, repeated: true, children: [] };
      expanded.add(object.id);
      return {
        object,
        via,
        repeated: false,
        children: this.childrenOf(object).map(({ slot, child }) => build(child, slot)),
      };
    };
    return build(root, undefined);
  }

  /** Ids some object of the graph references. */
  referencedIds(): Set<string> {
    const ids = new Set<string>();
    for (const object of this.objects) for (const id of object.referencedIds()) ids.add(id);
    return ids;
  }

  /** Objects whose references include `id`. */
  referrersOf(id: string): ConfigObject[] {
    return this.objects.filter((o) => o.referencedIds().includes(id));
  }
}
