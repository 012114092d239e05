import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { ConfigObject } from './ConfigObject.js';
import type { ObjectSort } from './ObjectSort.js';
import { canonicalObjectId } from './ObjectId.js';

/**
 * A read-only view of one lab's working configuration graph, answered from memory (synchronous). The typed views
 * (nodes, transport connections, routing, …) read through this and map objects to their entities; they never
 * mutate an object they got from it (it is shared by every reader): a use case that changes one takes `copy()`.
 * Ids are canonical (see ObjectId.ts). Listings are ordered by sort, then display name, then id.
 */
export interface GraphView {
  get(id: string): ConfigObject | undefined;
  /** Objects of one sort, ordered by display name then id. */
  ofSort(sort: ObjectSort): readonly ConfigObject[];
  /** Objects of any of the sorts, ordered by sort then display name then id. */
  ofSorts(sorts: readonly ObjectSort[]): readonly ConfigObject[];
  byDisplayName(sort: ObjectSort, displayName: string): ConfigObject | undefined;
  /** Objects whose references include `id`. */
  referrersOf(id: string): readonly ConfigObject[];
  readonly size: number;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byNameThenId(a: ConfigObject, b: ConfigObject): number {
  return compareText(a.displayName, b.displayName) || compareText(a.id, b.id);
}

/** A GraphView over a list of objects, indexed once (by id, sort, display name and referenced id). */
export class IndexedGraph implements GraphView {
  private readonly byId = new Map<string, ConfigObject>();
  private readonly bySort = new Map<ObjectSort, ConfigObject[]>();
  private readonly byName = new Map<string, ConfigObject>();
  private referrers: Map<string, ConfigObject[]> | undefined;

  constructor(objects: Iterable<ConfigObject>) {
    for (const object of objects) this.byId.set(object.id, object);
    for (const object of this.byId.values()) {
      let list = this.bySort.get(object.sort);
      if (!list) this.bySort.set(object.sort, (list = []));
      list.push(object);
      const key = `${object.sort}\u0000${object.displayName}`;
      const held = this.byName.get(key);
      if (!held || compareText(object.id, held.id) < 0) this.byName.set(key, object);
    }
    for (const list of this.bySort.values()) list.sort(byNameThenId);
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): ConfigObject | undefined {
    return this.byId.get(id);
  }

  ofSort(sort: ObjectSort): readonly ConfigObject[] {
    return this.bySort.get(sort) ?? [];
  }

  ofSorts(sorts: readonly ObjectSort[]): readonly ConfigObject[] {
    return [...new Set(sorts)].sort(compareText).flatMap((sort) => this.ofSort(sort));
  }

  byDisplayName(sort: ObjectSort, displayName: string): ConfigObject | undefined {
    return this.byName.get(`${sort}\u0000${displayName}`);
  }

  referrersOf(id: string): readonly ConfigObject[] {
    if (!this.referrers) {
      const index = new Map<string, ConfigObject[]>();
      for (const object of [...this.byId.values()].sort((a, b) => compareText(a.sort, b.sort) || byNameThenId(a, b))) {
        for (const target of object.referencedIds()) {
          let list = index.get(target);
          if (!list) index.set(target, (list = []));
          list.push(object);
        }
      }
      this.referrers = index;
    }
    return this.referrers.get(id) ?? [];
  }

  /** This graph with some objects replaced or added and some ids removed (the indexes are rebuilt). */
  patched(saved: Iterable<ConfigObject>, removed: Iterable<string>): IndexedGraph {
    const objects = new Map(this.byId);
    for (const id of removed) objects.delete(id);
    for (const object of saved) objects.set(object.id, object);
    return new IndexedGraph(objects.values());
  }
}

/**
 * The object an operation's query parameter names, "by id or display name" as the specification says: an id in
 * either shape (36-character hyphenated or 32 hexadecimal characters) of an object of one of the sorts, else a
 * display name of such an object (the first sort that has one). Unknown: 404 `<WHAT>_NOT_FOUND` naming the
 * parameter's value; an id of an object of another sort counts as unknown.
 */
export function resolveObject(
  graph: GraphView,
  text: string,
  sorts: readonly ObjectSort[],
  what: string,
): ConfigObject {
  const id = canonicalObjectId(text);
  if (id !== undefined) {
    const object = graph.get(id);
    if (object && sorts.includes(object.sort)) return object;
  }
  for (const sort of sorts) {
    const object = graph.byDisplayName(sort, text);
    if (object) return object;
  }
  throw DomainError.notFound(what, text.length > 80 ? `${text.slice(0, 80)}…` : text);
}
