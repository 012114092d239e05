import {
  Metrics,
  type CounterDefinition,
  type CounterHandle,
  type GaugeDefinition,
  type GaugeHandle,
  type HistogramDefinition,
  type HistogramHandle,
  type MetricDefinition,
  type MetricLabels,
} from '../../application/Metrics.js';

function seriesKey(labels: MetricLabels | undefined): string {
  return JSON.stringify(
    Object.entries(labels ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, String(v)]),
  );
}

/**
 * The Metrics port in memory, for tests of the code that records: `value(name, labels)` reads a counter or
 * gauge back, `observations(name, labels)` a histogram's observations. Checks labels as the exporter does.
 */
export class InMemoryMetrics extends Metrics {
  private readonly values = new Map<string, Map<string, number>>();
  private readonly observed = new Map<string, Map<string, number[]>>();
  private readonly definitions = new Map<
    string,
    { kind: string; labels: string; read?: () => number | Promise<number> }
  >();

  counter(definition: CounterDefinition): CounterHandle {
    this.declare('counter', definition, definition.read);
    return {
      inc: (labels, by = 1) => {
        if (by < 0) throw new Error(`counter ${definition.name} cannot go down`);
        this.add(definition, labels, by);
      },
    };
  }

  gauge(definition: GaugeDefinition): GaugeHandle {
    this.declare('gauge', definition, definition.read);
    return {
      set: (value, labels) => this.series(definition, labels).set(seriesKey(labels), value),
      inc: (labels, by = 1) => this.add(definition, labels, by),
      dec: (labels, by = 1) => this.add(definition, labels, -by),
    };
  }

  histogram(definition: HistogramDefinition): HistogramHandle {
    this.declare('histogram', definition);
    return {
      observe: (value, labels) => {
        this.check(definition, labels);
        const series = this.observed.get(definition.name) ?? new Map<string, number[]>();
        this.observed.set(definition.name, series);
        const key = seriesKey(labels);
        series.set(key, [...(series.get(key) ?? []), value]);
      },
    };
  }

  /** The value of a counter or gauge series (one with `read` is read now); 0 when never recorded. */
  async value(name: string, labels?: MetricLabels): Promise<number> {
    const read = this.definitions.get(name)?.read;
    if (read) return read();
    return this.values.get(name)?.get(seriesKey(labels)) ?? 0;
  }

  observations(name: string, labels?: MetricLabels): readonly number[] {
    return this.observed.get(name)?.get(seriesKey(labels)) ?? [];
  }

  private add(definition: MetricDefinition, labels: MetricLabels | undefined, by: number): void {
    const series = this.series(definition, labels);
    const key = seriesKey(labels);
    series.set(key, (series.get(key) ?? 0) + by);
  }

  private series(definition: MetricDefinition, labels: MetricLabels | undefined): Map<string, number> {
    this.check(definition, labels);
    const series = this.values.get(definition.name) ?? new Map<string, number>();
    this.values.set(definition.name, series);
    return series;
  }

  private check(definition: MetricDefinition, labels: MetricLabels | undefined): void {
    const given = Object.keys(labels ?? {})
      .sort()
      .join(',');
    const declared = [...(definition.labels ?? [])].sort().join(',');
    if (given !== declared) throw new Error(`metric ${definition.name} takes labels [${declared}], not [${given}]`);
  }

  private declare(kind: string, definition: MetricDefinition, read?: () => number | Promise<number>): void {
    const labels = [...(definition.labels ?? [])].sort().join(',');
    const known = this.definitions.get(definition.name);
    if (known && (known.kind !== kind || known.labels !== labels)) {
      throw new Error(
        `metric ${definition.name} is already a ${known.kind} with labels [${known.labels}]; it cannot also be a ${kind} with labels [${labels}]`,
      );
    }
    if (!known) this.definitions.set(definition.name, { kind, labels, ...(read ? { read } : {}) });
  }
}
