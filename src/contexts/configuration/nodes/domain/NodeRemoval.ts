import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';

/** The wizard run that created an object (metaData nodeWizard.id), undefined for objects made otherwise. */
export function wizardRunOf(object: ConfigObject): string | undefined {
  const wizard = object.metadata['nodeWizard'];
  if (wizard === null || typeof wizard !== 'object' || Array.isArray(wizard)) return undefined;
  const id = (wizard as { readonly [key: string]: unknown })['id'];
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function describe(object: ConfigObject): string {
  return `${object.sort} '${object.displayName}' (${object.id})`;
}

/**
 * What removing a node removes: the node and the objects of its wizard sub-graph (created by the same wizard
 * run, reachable from the node) that nothing outside the removed set references. While other objects reference
 * the node, refused (409 NODE_REFERENCED naming them) unless `force`: then the node goes anyway and their
 * references dangle, which a later commit refuses, naming them. A protected node is never removed.
 */
export function planNodeRemoval(
  graph: GraphView,
  node: ConfigObject,
  force: boolean,
): { readonly ids: readonly string[]; readonly dangling: readonly ConfigObject[] } {
  if (node.common.protected) {
    throw DomainError.conflict(
      'OBJECT_PROTECTED',
      `${describe(node)} is protected; set its protected parameter to "false" before removing it`,
      [{ field: 'node', rule: 'protected', message: 'the node is protected' }],
    );
  }
  const referrers = graph.referrersOf(node.id).filter((r) => r.id !== node.id);
  if (referrers.length > 0 && !force) {
    throw DomainError.conflict(
      'NODE_REFERENCED',
      `node '${node.displayName}' cannot be removed: ${referrers.map(describe).join(', ')} refer(s) to it; remove those references first, or remove with force=true (their references then dangle and a commit is refused until they are fixed)`,
      referrers.map((r) => ({ field: 'node', rule: 'referenced', message: `${describe(r)} refers to it` })),
    );
  }
  const removed = new Set<string>([node.id]);
  const run = wizardRunOf(node);
  if (run !== undefined) {
    const candidates: ConfigObject[] = [];
    const seen = new Set<string>([node.id]);
    const queue: ConfigObject[] = [node];
    while (queue.length > 0) {
      const object = queue.shift()!;
      for (const id of object.referencedIds()) {
        const child = graph.get(id);
        if (!child || seen.has(id)) continue;
        seen.add(id);
        if (wizardRunOf(child) === run) {
          candidates.push(child);
          queue.push(child);
        }
      }
    }
    let grew = true;
    while (grew) {
      grew = false;
      for (const candidate of candidates) {
        if (removed.has(candidate.id) || candidate.common.protected) continue;
        if (graph.referrersOf(candidate.id).every((r) => removed.has(r.id))) {
          removed.add(candidate.id);
          grew = true;
        }
      }
    }
  }
  return { ids: [...removed], dangling: referrers.filter((r) => !removed.has(r.id)) };
}
