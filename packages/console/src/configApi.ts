import { ApiError, read, type Answer, type LabGateway } from './api.js';

/** A sort as objects/sorts lists it: its name, its kind in plain words and how many objects it has. */
export interface SortEntry {
  readonly sort: string;
  readonly kind: string;
  readonly count: number;
}

/** An object as a listing names it. */
export interface ObjectEntry {
  readonly id: string;
  readonly displayName: string;
  readonly sort: string;
}

/** An object as objects/get answers it: flat, every scalar a string, its version in metaData.anynodefe. */
export type WireObject = ObjectEntry & {
  readonly metaData?: { readonly anynodefe?: { readonly version?: string; readonly note?: string } };
} & Readonly<Record<string, unknown>>;

/** objects/objectTree/get: the object and what it references (`via` names the slot), down to the leaves. */
export interface ObjectTree {
  readonly object: WireObject;
  readonly via?: string;
  readonly repeated?: boolean;
  readonly children: readonly ObjectTree[];
}

export interface NamedEntry {
  readonly id: string;
  readonly displayName: string;
}

/** A route as routingDomains/get answers it (the parts the forms show). */
export interface RouteEntry {
  readonly id: string;
  readonly displayName: string;
  readonly enabled: boolean;
  readonly filters?: ReadonlyArray<{
    readonly sourceNodeIds?: readonly string[];
    readonly destinationDialString?: { readonly type: string; readonly wildcardPattern?: string };
  }>;
  readonly establishment?: {
    readonly action?: string;
    readonly routingTargets?: ReadonlyArray<{ readonly destinationNodeId: string }>;
  };
}

export interface RoutingDomainEntry extends NamedEntry {
  readonly sourceNodeIds: readonly string[];
  readonly routes: readonly RouteEntry[];
}

/** A rewrite rule of a dial string rewriting object (the fields the form sets; the others pass through as read). */
export type RewriteRule = Readonly<Record<string, unknown>> & {
  readonly displayName?: string;
  readonly prefix?: string;
  readonly deleteLeadingCharacters?: number | string;
  readonly addPrefix?: string;
};

export interface RewritingEntry extends NamedEntry {
  readonly rules: readonly RewriteRule[];
}

/** CoreConfigState (coreConfig/status/get). */
export interface ConfigurationStatus {
  readonly state: string;
  readonly hasUncommittedChanges: boolean;
  readonly commitProtection: boolean;
  readonly lastCommitTime: string | null;
  readonly lastChangeTime: string;
  readonly importedFileName?: string | null;
  readonly changedObjects: { readonly added: number; readonly removed: number; readonly modified: number };
  readonly workingObjectCount: number;
  readonly committedObjectCount: number;
}

/** A downloaded file: its bytes and the name the server gave it. */
export interface Downloaded {
  readonly blob: Blob;
  readonly fileName: string;
}

/** The lab's traffic as GET …/traffic answers it (the parts the traffic panel shows). */
export interface TrafficState {
  readonly running: boolean;
  readonly counters: {
    readonly started: number;
    readonly ended: number;
    readonly active: number;
    readonly refusedBy: Readonly<Record<string, number>>;
  };
}

export interface PlacedCall {
  readonly sessionIdentifier: string;
  readonly nodeName: string;
  readonly calling: string;
  readonly called: string;
  readonly inProgress: boolean;
}

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

/** The JSON body of an answer that failed, for its ApiError (undefined when it is not JSON). */
async function failed(response: Response, scope: 'lab' | 'control'): Promise<ApiError> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return new ApiError({ status: response.status, body } satisfies Answer, scope);
}

/** A file the gateway answers (a download): its bytes and the name its Content-Disposition gives. */
async function download(path: string, scope: 'lab' | 'control'): Promise<Downloaded> {
  const response = await fetch(new URL(path, window.location.origin), { headers: HEADERS, credentials: 'same-origin' });
  if (!response.ok) throw await failed(response, scope);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'configuration.xzconfig';
  return { blob: await response.blob(), fileName };
}

/** A file sent as the multipart part `file`, as coreConfig/set takes it. */
async function upload(path: string, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch(new URL(path, window.location.origin), {
    method: 'PUT',
    headers: HEADERS,
    credentials: 'same-origin',
    body: form,
  });
  if (!response.ok) throw await failed(response, 'lab');
  await response.text(); // read to its end: an answer left unread counts as a request cut short
}

/** The configuration operations the console's configuration views call, on one lab's gateway. */
export function configurationApi(gw: LabGateway) {
  const api = gw.apiBase;
  const control = `/_sim/labs/${encodeURIComponent(gw.lab)}`;
  const v0 = { version: 0 };
  const v1 = { version: 1 };
  return {
    sorts: () => read<SortEntry[]>(`${api}/objects/sorts`, { query: v0 }),
    objectsOf: (sort: string) => read<ObjectEntry[]>(`${api}/objects/sorts`, { query: { ...v0, sort } }),
    object: (id: string) => read<WireObject>(`${api}/objects/get`, { query: { ...v0, id } }),
    tree: (id: string) => read<ObjectTree>(`${api}/objects/objectTree/get`, { query: { ...v0, id } }),
    setObject: (id: string, body: Record<string, unknown>) =>
      read<WireObject>(`${api}/objects/set`, { method: 'PUT', query: { ...v0, id }, json: body }),
    removeObject: (id: string) => read<unknown>(`${api}/objects/remove`, { method: 'DELETE', query: { ...v0, id } }),
    nodes: () => read<NamedEntry[]>(`${api}/nodes/get`, { query: v0 }),
    systemProfiles: () => read<NamedEntry[]>(`${api}/nodes/systemProfiles/get`, { query: v0 }),
    providerProfiles: () => read<NamedEntry[]>(`${api}/nodes/providerProfiles/get`, { query: v0 }),
    addSystem: (profile: string, body: unknown) =>
      read<NamedEntry[]>(`${api}/nodes/addSystem`, { query: { version: 3, profile }, json: body }),
    addProvider: (profile: string, body: unknown) =>
      read<NamedEntry[]>(`${api}/nodes/addProvider`, { query: { version: 2, profile }, json: body }),
    addRegistrar: (body: unknown) => read<NamedEntry[]>(`${api}/nodes/addSipPhoneRegistrar`, { query: v0, json: body }),
    routingDomains: () => read<RoutingDomainEntry[]>(`${api}/routingDomains/get`, { query: v0 }),
    addRoutingDomain: (body: unknown) =>
      read<RoutingDomainEntry>(`${api}/routingDomains/add`, { query: v1, json: body }),
    addRoute: (routingDomain: string, body: unknown) =>
      read<RouteEntry>(`${api}/routingDomains/routes/add`, {
        query: { ...v1, routingDomain, mode: 'establishment' },
        json: body,
      }),
    rewritings: () => read<RewritingEntry[]>(`${api}/dialStringRewriting/get`, { query: v0 }),
    addRewriting: (body: unknown) => read<RewritingEntry>(`${api}/dialStringRewriting/add`, { query: v0, json: body }),
    setRules: (id: string, rules: readonly RewriteRule[]) =>
      read<RewriteRule[]>(`${api}/dialStringRewriting/rules/set`, {
        method: 'PUT',
        query: { ...v0, dialStringRewriting: id },
        json: rules,
      }),
    status: () => read<ConfigurationStatus>(`${api}/coreConfig/status/get`, { query: v0 }),
    commit: () => read<unknown>(`${api}/coreConfig/commit`, { method: 'POST', query: v0 }),
    revert: () => read<unknown>(`${api}/coreConfig/revert`, { method: 'POST', query: v0 }),
    /** The working configuration file (coreConfig/get). */
    working: () => download(`${api}/coreConfig/get?version=0`, 'lab'),
    /** The committed configuration file (the simulator's control endpoint: the gateway's API has none). */
    committed: () => download(`${control}/configuration/committed`, 'control'),
    importFile: (file: File, commitProtection: boolean) =>
      upload(`${api}/coreConfig/set?version=0&commitProtection=${commitProtection}`, file),
    traffic: () => read<TrafficState>(`${control}/traffic`, { scope: 'control' }),
    setTraffic: (running: boolean) =>
      read<TrafficState>(`${control}/traffic`, { method: 'PUT', json: { running }, scope: 'control' }),
    placeCall: (body: unknown) =>
      read<PlacedCall>(`${control}/traffic/calls`, { method: 'POST', json: body, scope: 'control' }),
  };
}

export type ConfigurationApi = ReturnType<typeof configurationApi>;
