/** One sample of a Prometheus text exposition. */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Exposition {
  readonly types: ReadonlyMap<string, string>;
  readonly samples: readonly Sample[];
  /** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
  value(name: string, labels?: Record<string, string>): number | undefined;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Readonly<Record<string, readonly string[]>> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['_sum', '_count', ''],
};

function parseValue(text: string, line: number): number {
  // as Prometheus reads them (Go's ParseFloat): infinities and NaN in any case
  const lower = text.toLowerCase();
  if (lower === '+inf' || lower === 'inf') return Infinity;
  if (lower === '-inf') return -Infinity;
  if (lower === 'nan') return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text))
    throw new Error(`line ${line}: '${text}' is not a sample value`);
  return Number(text);
}

/** Reads `{a="x",b="y\"z"}` from `text` at `at`; answers the labels and where they end. */
function parseLabels(text: string, at: number, line: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = at + 1;
  for (;;) {
    if (text[i] === '}') return { labels, end: i + 1 };
    const eq = text.indexOf('=', i);
    const name = text.slice(i, eq);
    if (eq < 0 || !LABEL_NAME.test(name)) throw new Error(`line ${line}: bad label name at ${i}`);
    if (text[eq + 1] !== '"') throw new Error(`line ${line}: label ${name} has no quoted value`);
    let value = '';
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j += 1) {
      if (text[j] === '\\') {
        const next = text[j + 1];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else throw new Error(`line ${line}: bad escape \\${next}`);
        j += 1;
      } else value += text[j];
    }
    if (j >= text.length) throw new Error(`line ${line}: unterminated label value`);
    if (name in labels) throw new Error(`line ${line}: label ${name} given twice`);
    labels[name] = value;
    i = j + 1;
    if (text[i] === ',') i += 1;
    else if (text[i] !== '}') throw new Error(`line ${line}: expected , or } after label ${name}`);
  }
}

/**
 * A strict reader of the Prometheus text format (version 0.0.4): every line is a HELP, a TYPE or a sample of a
 * family whose TYPE came first (histogram samples as _bucket/_sum/_count), names and labels well-formed,
 * values numbers; throws naming the line otherwise.
 */
export function parsePrometheusText(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const lines = text.split('\n');
  if (lines.at(-1) !== '') throw new Error('the exposition must end with a newline');
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw === '') return;
    if (raw.startsWith('#')) {
      const match = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(raw);
      if (!match) {
        if (raw.startsWith('# HELP') || raw.startsWith('# TYPE')) throw new Error(`line ${line}: malformed ${raw}`);
        return;
      }
      const [, kind, name, rest] = match;
      if (!NAME.test(name!)) throw new Error(`line ${line}: bad metric name ${name}`);
      if (kind === 'TYPE') {
        if (!TYPES.has(rest!)) throw new Error(`line ${line}: unknown type ${rest}`);
        if (types.has(name!)) throw new Error(`line ${line}: second TYPE for ${name}`);
        types.set(name!, rest!);
      }
      return;
    }
    const nameEnd = raw.search(/[{ ]/);
    if (nameEnd <= 0) throw new Error(`line ${line}: not a sample: ${raw}`);
    const name = raw.slice(0, nameEnd);
    if (!NAME.test(name)) throw new Error(`line ${line}: bad metric name ${name}`);
    let labels: Record<string, string> = {};
    let rest = raw.slice(nameEnd);
    if (rest.startsWith('{')) {
      const parsed = parseLabels(raw, nameEnd, line);
      labels = parsed.labels;
      rest = raw.slice(parsed.end);
    }
    const parts = rest.trim().split(' ');
    if (parts.length < 1 || parts.length > 2 || parts[0] === '')
      throw new Error(`line ${line}: expected a value (and optional timestamp): ${raw}`);
    const value = parseValue(parts[0]!, line);
    const family = [...types.keys()].find(
      (family) =>
        name === family ||
        (SUFFIXES[types.get(family)!] ?? []).some((suffix) => suffix !== '' && name === `${family}${suffix}`),
    );
    if (!family) throw new Error(`line ${line}: sample ${name} has no TYPE before it`);
    if (types.get(family) === 'histogram' && name.endsWith('_bucket') && labels['le'] === undefined)
      throw new Error(`line ${line}: bucket without le`);
    samples.push({ name, labels, value });
  });
  return {
    types,
    samples,
    value(name, wanted = {}) {
      const found = samples.filter(
        (s) => s.name === name && Object.entries(wanted).every(([k, v]) => s.labels[k] === v),
      );
      if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(wanted)}`);
      return found[0]?.value;
    },
  };
}
