import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { GWSIM_METRICS } from '../../src/shared/application/Metrics.js';
import { PrometheusMetrics } from '../../src/shared/infrastructure/metrics/PrometheusMetrics.js';
import { ROOT } from './dockerFiles.js';

export type MetricKind = 'counter' | 'gauge' | 'histogram' | 'summary';

/** A declaration of one of GWSIM_METRICS through the Metrics port: `metrics.gauge({ ...GWSIM_METRICS.x, read })`. */
const DECLARATION = /\.(counter|gauge|histogram)\(\s*(?:\{\s*\.\.\.)?GWSIM_METRICS\.(\w+)/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return file.endsWith('.ts') ? [file] : [];
  });
}

/**
 * The metrics /_sim/metrics shows, by name, with their kind: every definition of GWSIM_METRICS that the source
 * declares through the Metrics port (one the source names nowhere, reserved, is not shown), and the process
 * metrics prom-client adds to the adapter's registry.
 */
export async function exposedMetrics(): Promise<Map<string, MetricKind>> {
  const exposed = new Map<string, MetricKind>();
  for (const file of sources(path.join(ROOT, 'src'))) {
    for (const [, kind, key] of readFileSync(file, 'utf8').matchAll(DECLARATION)) {
      const definition = GWSIM_METRICS[key as keyof typeof GWSIM_METRICS];
      if (!definition) throw new Error(`${path.relative(ROOT, file)} declares GWSIM_METRICS.${key}, which is not one`);
      exposed.set(definition.name, kind as MetricKind);
    }
  }
  const processOnly = new PrometheusMetrics(undefined, { processMetrics: true });
  for (const metric of await processOnly.registry.getMetricsAsJSON())
    exposed.set(metric.name, String(metric.type) as MetricKind);
  return exposed;
}

/** The series names a metric of that kind has in the text format. */
export function seriesNames(name: string, kind: MetricKind): string[] {
  if (kind === 'histogram') return [`${name}_bucket`, `${name}_sum`, `${name}_count`];
  if (kind === 'summary') return [name, `${name}_sum`, `${name}_count`];
  return [name];
}

const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'group_left', 'group_right', 'inf', 'nan']);

/**
 * The metric names a PromQL expression selects. Strings, label matchers, ranges, `by`/`without`/`on`/`ignoring`/
 * `group_left`/`group_right` lists, `offset` durations, Grafana's `$variables` and numbers are dropped; what is left
 * of each name is a function or aggregation when a parenthesis follows it, a keyword, or a metric.
 */
export function promqlMetricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\boffset\s+-?\S+/g, ' ')
    .replace(/\$\w+/g, ' ')
    .replace(/(?<![\w:])\d+(?:\.\d*)?(?:[eE][-+]?\d+)?/g, ' ');
  const names: string[] = [];
  for (const match of bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const after = bare.slice(match.index + match[0].length);
    if (/^\s*\(/.test(after) || KEYWORDS.has(match[0].toLowerCase())) continue;
    names.push(match[0]);
  }
  return names;
}
