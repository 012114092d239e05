import { readFileSync } from 'node:fs';
import { EXIT } from './exitCodes.js';
import { controlRequest, labPath, type ControlOptions } from './controlRequest.js';
import type { FlagNames } from './refusalInFlags.js';

export type FaultsAction =
  | { readonly kind: 'list' }
  | { readonly kind: 'add'; readonly file: string }
  | { readonly kind: 'remove'; readonly id: string }
  | { readonly kind: 'clear' };

export interface JournalFilter {
  readonly method?: string;
  readonly path?: string;
  readonly status?: string;
  readonly since?: string;
  readonly limit?: string;
}

export type JournalAction = { readonly kind: 'show'; readonly filter: JournalFilter } | { readonly kind: 'clear' };

/** The journal's query parameters, as the command line names them. */
const JOURNAL_NAMES: FlagNames = {
  method: '--method',
  path: '--path',
  status: '--status',
  since: '--since',
  limit: '--limit',
};

/** One control request: the JSON answer, or the exit code after the failure was printed. */
async function call(
  command: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: ControlOptions,
  body?: unknown,
  names?: FlagNames,
): Promise<{ json: unknown } | { exit: number }> {
  const answer = await controlRequest({ command, method, path, body, ...(names ? { names } : {}) }, options);
  return 'code' in answer ? { exit: answer.code } : answer;
}

interface RuleView {
  id: string;
  match?: Record<string, string | boolean>;
  effect: Record<string, unknown>;
  probability?: number;
  count?: number;
  hits: number;
  remaining?: number;
  expiresAt?: string;
  window?: { from?: string; until?: string };
  active: boolean;
}

/** One line per rule: its id, what it matches, what it does, its hits and how long it lasts. */
export function describeRule(rule: RuleView): string {
  const match = !rule.match
    ? 'gateway'
    : rule.match['all'] === true || Object.keys(rule.match).length === 0
      ? 'every request'
      : Object.entries(rule.match)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(' ');
  const effect = Object.entries(rule.effect)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(' ');
  const extra = [
    rule.probability !== undefined && rule.probability < 1 ? `probability ${rule.probability}` : undefined,
    `hits ${rule.hits}`,
    rule.remaining !== undefined ? `remaining ${rule.remaining}` : undefined,
    rule.window?.from ? `from ${rule.window.from}` : undefined,
    rule.expiresAt ? `until ${rule.expiresAt}` : undefined,
    rule.active ? undefined : 'not active yet',
  ]
    .filter(Boolean)
    .join(', ');
  return `${rule.id}  ${match} → ${effect}  (${extra})`;
}

function readJson(command: string, file: string): { value: unknown } | { exit: number } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`gwsim: ${command}: cannot read ${file}: ${(error as Error).message}`);
    return { exit: EXIT.usage };
  }
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    console.error(`gwsim: ${command}: ${file} is not JSON: ${(error as Error).message}`);
    return { exit: EXIT.usage };
  }
}

/**
 * `gwsim faults list|add FILE|remove ID|clear` against a running gwsim's `/_sim/labs/{lab}/faults`. FILE holds one rule or an
 * array of rules (added in order; the first refused stops). Exit codes: 0 done, 1 refused or unreachable, 2 usage
 * (a file that cannot be read or is not JSON).
 */
export async function faults(action: FaultsAction, options: ControlOptions): Promise<number> {
  const command = `faults ${action.kind}`;
  const faultsPath = labPath(options.lab, '/faults');
  switch (action.kind) {
    case 'list': {
      const answer = await call(command, 'GET', faultsPath, options);
      if ('exit' in answer) return answer.exit;
      const rules = (answer.json as { rules: RuleView[] }).rules;
      console.log(
        options.json
          ? JSON.stringify(answer.json)
          : rules.length === 0
            ? 'no fault rules'
            : rules.map(describeRule).join('\n'),
      );
      return EXIT.ok;
    }
    case 'add': {
      const file = readJson(command, action.file);
      if ('exit' in file) return file.exit;
      const rules = Array.isArray(file.value) ? file.value : [file.value];
      const added: unknown[] = [];
      for (const [index, rule] of rules.entries()) {
        const answer = await call(
          rules.length > 1 ? `${command} (rule ${index})` : command,
          'POST',
          faultsPath,
          options,
          rule,
        );
        if ('exit' in answer) return answer.exit;
        added.push(answer.json);
      }
      console.log(
        options.json
          ? JSON.stringify(Array.isArray(file.value) ? added : added[0])
          : added.map((rule) => `added ${describeRule(rule as RuleView)}`).join('\n'),
      );
      return EXIT.ok;
    }
    case 'remove': {
      const answer = await call(command, 'DELETE', `${faultsPath}/${encodeURIComponent(action.id)}`, options);
      if ('exit' in answer) return answer.exit;
      console.log(options.json ? JSON.stringify(answer.json) : `removed ${describeRule(answer.json as RuleView)}`);
      return EXIT.ok;
    }
    case 'clear': {
      const listed = await call(command, 'GET', faultsPath, options);
      if ('exit' in listed) return listed.exit;
      const removed: unknown[] = [];
      for (const rule of (listed.json as { rules: RuleView[] }).rules) {
        const answer = await call(command, 'DELETE', `${faultsPath}/${encodeURIComponent(rule.id)}`, options);
        // a rule that expired meanwhile is gone already
        if ('exit' in answer) continue;
        removed.push(answer.json);
      }
      console.log(options.json ? JSON.stringify({ removed }) : `removed ${removed.length} fault rule(s)`);
      return EXIT.ok;
    }
  }
}

interface EntryView {
  time: string;
  method: string;
  path: string;
  status?: number;
  user?: string;
  latencyMs: number;
  fault?: { ruleId: string; effect: Record<string, unknown> };
}

/** One line per request: time, method, path, status (or `-`), user, latency, and the fault it got. */
export function describeEntry(entry: EntryView): string {
  const fault = entry.fault
    ? `  fault ${entry.fault.ruleId} ${Object.entries(entry.fault.effect)
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join(' ')}`
    : '';
  return `${entry.time} ${entry.method} ${entry.path} ${entry.status ?? '-'} ${entry.user ?? '-'} ${entry.latencyMs} ms${fault}`;
}

/** `gwsim journal [filters]|clear`. Exit codes as for `gwsim faults`. */
export async function journal(action: JournalAction, options: ControlOptions): Promise<number> {
  const journalPath = labPath(options.lab, '/journal');
  if (action.kind === 'clear') {
    const answer = await call('journal clear', 'DELETE', journalPath, options, undefined, JOURNAL_NAMES);
    if ('exit' in answer) return answer.exit;
    console.log(options.json ? JSON.stringify({ cleared: true }) : 'journal cleared');
    return EXIT.ok;
  }
  const query = new URLSearchParams(
    Object.entries(action.filter).filter(([, value]) => value !== undefined) as Array<[string, string]>,
  );
  const answer = await call(
    'journal',
    'GET',
    `${journalPath}${query.size > 0 ? `?${query}` : ''}`,
    options,
    undefined,
    JOURNAL_NAMES,
  );
  if ('exit' in answer) return answer.exit;
  const page = answer.json as { held: number; capacity: number; dropped: number; entries: EntryView[] };
  if (options.json) console.log(JSON.stringify(answer.json));
  else {
    for (const entry of page.entries) console.log(describeEntry(entry));
    console.log(
      `${page.entries.length} shown of ${page.held} held (capacity ${page.capacity}, ${page.dropped} pushed out)`,
    );
  }
  return EXIT.ok;
}
