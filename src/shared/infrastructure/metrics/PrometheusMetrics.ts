import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
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
import type { Logger } from '../../application/Logger.js';

/** Latency buckets in seconds: a cached read answers in well under a millisecond, a commit of thousands of objects in seconds. */
export const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Kind = 'counter' | 'gauge' | 'histogram';
interface Declared {
  readonly kind: Kind;
  readonly labels: string;
  readonly handle: unknown;
}

/**
 * The Metrics port on prom-client, one registry per simulator (two simulators in one process, as the tests run
 * them, keep apart), with Node's default process metrics (`process_*`, `nodejs_*`). `exposition()` is what
 * `/_sim/metrics` answers, in the Prometheus text format.
 */
export class PrometheusMetrics extends Metrics {
  readonly registry = new Registry();
  private readonly declared = new Map<string, Declared>();

  constructor(
    private readonly logger?: Logger,
    options: { readonly processMetrics?: boolean } = {},
  ) {
    super();
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  counter(definition: CounterDefinition): CounterHandle {
    return this.declare('counter', definition, () => {
      const { read } = definition;
      const logger = this.logger;
      const counter: Counter = new Counter({
        name: definition.name,
        help: definition.help,
        labelNames: [...(definition.labels ?? [])],
        registers: [this.registry],
        ...(read
          ? {
              async collect() {
                try {
                  const value = await read();
                  counter.reset();
                  counter.inc(value);
                } catch (error) {
                  logger?.warn(
                    { err: error, metric: definition.name },
                    'a counter could not be read; its last value is kept',
                  );
                }
              },
            }
          : {}),
      });
      return { inc: (labels?: MetricLabels, by = 1) => (labels ? counter.inc(labels, by) : counter.inc(by)) };
    });
  }

  gauge(definition: GaugeDefinition): GaugeHandle {
    return this.declare('gauge', definition, () => {
      const { read } = definition;
      const logger = this.logger;
      const gauge: Gauge = new Gauge({
        name: definition.name,
        help: definition.help,
        labelNames: [...(definition.labels ?? [])],
        registers: [this.registry],
        ...(read
          ? {
              async collect() {
                try {
                  gauge.set(await read());
                } catch (error) {
                  logger?.warn(
                    { err: error, metric: definition.name },
                    'a gauge could not be read; its last value is kept',
                  );
                }
              },
            }
          : {}),
      });
      return {
        set: (value: number, labels?: MetricLabels) => (labels ? gauge.set(labels, value) : gauge.set(value)),
        inc: (labels?: MetricLabels, by = 1) => (labels ? gauge.inc(labels, by) : gauge.inc(by)),
        dec: (labels?: MetricLabels, by = 1) => (labels ? gauge.dec(labels, by) : gauge.dec(by)),
      };
    });
  }

  histogram(definition: HistogramDefinition): HistogramHandle {
    return this.declare('histogram', definition, () => {
      const histogram = new Histogram({
        name: definition.name,
        help: definition.help,
        labelNames: [...(definition.labels ?? [])],
        registers: [this.registry],
        buckets: [...(definition.buckets ?? LATENCY_BUCKETS)],
      });
      return {
        observe: (value: number, labels?: MetricLabels) =>
          labels ? histogram.observe(labels, value) : histogram.observe(value),
      };
    });
  }

  private declare<H>(kind: Kind, definition: MetricDefinition, make: () => H): H {
    const labels = [...(definition.labels ?? [])].sort().join(',');
    const known = this.declared.get(definition.name);
    if (known) {
      if (known.kind !== kind || known.labels !== labels) {
        throw new Error(
          `metric ${definition.name} is already a ${known.kind} with labels [${known.labels}]; it cannot also be a ${kind} with labels [${labels}]`,
        );
      }
      return known.handle as H;
    }
    const handle = make();
    this.declared.set(definition.name, { kind, labels, handle });
    return handle;
  }
}
