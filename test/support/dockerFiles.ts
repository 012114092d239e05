import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** The repository root (this file runs from dist/test/support). */
export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const DOCKER = path.join(ROOT, 'docker');

export interface Instruction {
  readonly keyword: string;
  readonly args: string;
  readonly stage: number;
}

/** docker/Dockerfile's instructions (continuation lines joined, comments dropped), each with the index of its stage. */
export function dockerfile(): Instruction[] {
  const text = readFileSync(path.join(DOCKER, 'Dockerfile'), 'utf8');
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    if (/^\s*#/.test(raw)) continue;
    const line = pending + raw.trim();
    if (line.endsWith('\\')) {
      pending = `${line.slice(0, -1)} `;
      continue;
    }
    pending = '';
    if (line) logical.push(line);
  }
  let stage = -1;
  return logical.map((line) => {
    const [keyword, ...rest] = line.split(/\s+/);
    if (keyword!.toUpperCase() === 'FROM') stage += 1;
    return { keyword: keyword!.toUpperCase(), args: rest.join(' '), stage };
  });
}

/** The instructions of the last stage, the image that runs. */
export function runtimeStage(instructions: readonly Instruction[] = dockerfile()): Instruction[] {
  const last = Math.max(...instructions.map((i) => i.stage));
  return instructions.filter((i) => i.stage === last);
}

/** The variables the runtime stage's ENV instructions set (`ENV A=1 B=2` form). */
export function imageEnvironment(runtime: readonly Instruction[] = runtimeStage()): Record<string, string> {
  const env: Record<string, string> = {};
  for (const i of runtime.filter((x) => x.keyword === 'ENV'))
    for (const [, name, value] of i.args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S+)/g)) env[name!] = value!;
  return env;
}

export interface ComposeService {
  readonly image?: string;
  readonly build?: { readonly context: string; readonly dockerfile: string };
  readonly profiles?: readonly string[];
  readonly entrypoint?: readonly string[];
  readonly command?: readonly string[];
  readonly environment?: Readonly<Record<string, string>>;
  readonly ports?: readonly string[];
  readonly volumes?: readonly string[];
  readonly configs?: readonly { readonly source: string; readonly target: string }[];
  readonly depends_on?: unknown;
  readonly healthcheck?: { readonly test: readonly string[] };
  readonly user?: string;
}

export interface ComposeFile {
  readonly services: Readonly<Record<string, ComposeService>>;
  readonly volumes?: Readonly<Record<string, unknown>>;
  readonly configs?: Readonly<Record<string, { readonly file?: string; readonly content?: string }>>;
}

/** docker/compose.yaml as compose reads it, before interpolation. */
export function compose(): ComposeFile {
  return parse(readFileSync(path.join(DOCKER, 'compose.yaml'), 'utf8')) as ComposeFile;
}

/** A file the compose file names (a config's `file`), relative to docker/. */
export function composeFile(relative: string): string {
  return readFileSync(path.resolve(DOCKER, relative), 'utf8');
}

/** One `${…}` of a compose value: the variable, the operator (`:-`, `-`, `:?`, `?` or none) and what follows it. */
export interface Interpolation {
  readonly name: string;
  readonly operator: string;
  readonly rest: string;
}

const INTERPOLATION = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g;

/** Every `${…}` of a text (a value of the compose file), `$$` (a literal dollar) left out. */
export function interpolations(text: string): Interpolation[] {
  return [...text.replace(/\$\$/g, '').matchAll(INTERPOLATION)].map((m) => ({
    name: m[1]!,
    operator: m[2] ?? '',
    rest: m[3] ?? '',
  }));
}

/**
 * A compose value with no variable set: `${V:-d}` and `${V-d}` give d, `${V}` nothing, `$$` a dollar; `${V:?…}` and
 * `${V?…}` (compose refuses to start) give `<V>`, standing for the value the user must give.
 */
export function unset(text: string): string {
  return text
    .split('$$')
    .map((part) =>
      part.replace(INTERPOLATION, (_whole, name: string, operator: string | undefined, rest: string | undefined) =>
        operator?.endsWith('?') ? `<${name}>` : (rest ?? ''),
      ),
    )
    .join('$');
}

export interface PortMapping {
  /** The host address it is published on; undefined: every address. */
  readonly hostIp: string | undefined;
  readonly host: readonly [number, number];
  readonly container: readonly [number, number];
  readonly protocol: 'tcp' | 'udp';
}

function range(text: string): [number, number] {
  const [first, last = first] = text.split('-').map(Number) as [number, number?];
  if (!Number.isInteger(first) || !Number.isInteger(last) || first > last) throw new Error(`not a port range: ${text}`);
  return [first, last];
}

/** A short-syntax `ports` entry (`[ip:]host[-last]:container[-last][/protocol]`) with no variable set. */
export function portMapping(spec: string): PortMapping {
  const [ports, protocol = 'tcp'] = unset(spec).split('/') as [string, string?];
  const parts = ports.split(':');
  if (parts.length < 2 || parts.length > 3 || (protocol !== 'tcp' && protocol !== 'udp'))
    throw new Error(`not a published port: ${spec}`);
  const [hostIp, host, container] = parts.length === 3 ? parts : [undefined, ...parts];
  return { hostIp, host: range(host!), container: range(container!), protocol };
}

/** Whether every port of `inner` is in `outer`. */
export function covers(outer: readonly [number, number], inner: readonly [number, number]): boolean {
  return outer[0] <= inner[0] && inner[1] <= outer[1];
}

export interface ImageReference {
  readonly name: string;
  readonly tag: string | undefined;
  readonly digest: string | undefined;
}

/** `name[:tag][@sha256:…]`. */
export function imageReference(reference: string): ImageReference {
  const [named, digest] = reference.split('@') as [string, string?];
  const colon = named.lastIndexOf(':');
  const slash = named.lastIndexOf('/');
  return colon > slash
    ? { name: named.slice(0, colon), tag: named.slice(colon + 1), digest }
    : { name: named, tag: undefined, digest };
}
