import type { ConfigObjectSnapshot } from './ConfigObject.js';

type GraphObject = Pick<ConfigObjectSnapshot, 'id' | 'sort' | 'parameters' | 'references'>;

/** A web server connector (HTTP_SERVER) whose request domains include REST_API serves this management API. */
export function servesApi(object: GraphObject): boolean {
  const domains = object.parameters['requestDomains'];
  return object.sort === 'HTTP_SERVER' && Array.isArray(domains) && domains.includes('REST_API');
}

/**
 * What keeps the management API reachable: every connector serving REST_API and everything it references,
 * transitively (its network security profile, that profile's digital identity, ...). Clean keeps exactly
 * these objects; a configuration without any is refused on import and commit.
 */
export function apiReachabilityCore(objects: readonly GraphObject[]): Set<string> {
  const byId = new Map(objects.map((o) => [o.id, o]));
  const kept = new Set<string>();
  const pending = objects.filter(servesApi).map((o) => o.id);
  while (pending.length > 0) {
    const id = pending.pop()!;
    const object = byId.get(id);
    if (!object || kept.has(id)) continue;
    kept.add(id);
    for (const ids of Object.values(object.references)) pending.push(...ids);
  }
  return kept;
}
