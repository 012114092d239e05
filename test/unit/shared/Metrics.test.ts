import { expect } from 'chai';
import { GWSIM_METRICS } from '../../../src/shared/application/Metrics.js';
import { InMemoryMetrics } from '../../../src/shared/infrastructure/metrics/InMemoryMetrics.js';
import { PrometheusMetrics } from '../../../src/shared/infrastructure/metrics/PrometheusMetrics.js';
import { parsePrometheusText } from '../../support/prometheusText.js';

describe('the Metrics port', () => {
  describe('on prom-client (PrometheusMetrics)', () => {
    it('exports counters, gauges (set or read at scrape time) and histograms in the text format', async () => {
      const metrics = new PrometheusMetrics(undefined, { processMetrics: false });
      const calls = metrics.counter(GWSIM_METRICS.calls);
      calls.inc();
      calls.inc(undefined, 2);
      metrics.gauge(GWSIM_METRICS.activeSessions).set(7);
      let stored = 41;
      metrics.gauge({ ...GWSIM_METRICS.historySize, read: async () => stored });
      stored = 42;
      metrics
        .histogram({ name: 'gwsim_test_seconds', help: 'test', labels: ['kind'], buckets: [0.1, 1] })
        .observe(0.5, { kind: 'a' });
      const text = parsePrometheusText(await metrics.exposition());
      expect(text.value('gwsim_calls_total')).to.equal(3);
      expect(text.value('gwsim_active_sessions')).to.equal(7);
      expect(text.value('gwsim_call_history_records')).to.equal(42);
      expect(text.value('gwsim_test_seconds_bucket', { kind: 'a', le: '0.1' })).to.equal(0);
      expect(text.value('gwsim_test_seconds_bucket', { kind: 'a', le: '1' })).to.equal(1);
      expect(text.types.get('gwsim_test_seconds')).to.equal('histogram');
      expect(text.samples.some((s) => s.name.startsWith('process_'))).to.equal(false);
    });

    it('gives the same handle for the same declaration and refuses a name declared as another kind or with other labels', () => {
      const metrics = new PrometheusMetrics(undefined, { processMetrics: false });
      metrics.counter(GWSIM_METRICS.failedLogins).inc({ code: 'X' });
      metrics.counter(GWSIM_METRICS.failedLogins).inc({ code: 'X' });
      expect(() => metrics.gauge({ name: GWSIM_METRICS.failedLogins.name, help: 'x', labels: ['code'] })).to.throw(
        /already a counter/,
      );
      expect(() => metrics.counter({ name: GWSIM_METRICS.failedLogins.name, help: 'x' })).to.throw(/labels/);
    });

    it('keeps two registries apart (two simulators in one process) and adds the process metrics when asked', async () => {
      const first = new PrometheusMetrics(undefined, { processMetrics: true });
      const second = new PrometheusMetrics(undefined, { processMetrics: false });
      first.counter(GWSIM_METRICS.logins).inc();
      expect(parsePrometheusText(await second.exposition()).value('gwsim_logins_total')).to.equal(undefined);
      const text = parsePrometheusText(await first.exposition());
      expect(text.value('gwsim_logins_total')).to.equal(1);
      expect(text.samples.some((s) => s.name === 'process_cpu_user_seconds_total')).to.equal(true);
    });
  });

  describe('in memory (for tests of code that records)', () => {
    it('reads values back by labels and checks labels as the exporter does', async () => {
      const metrics = new InMemoryMetrics();
      const failed = metrics.counter(GWSIM_METRICS.failedLogins);
      failed.inc({ code: 'A' });
      failed.inc({ code: 'A' }, 2);
      expect(await metrics.value(GWSIM_METRICS.failedLogins.name, { code: 'A' })).to.equal(3);
      expect(await metrics.value(GWSIM_METRICS.failedLogins.name, { code: 'B' })).to.equal(0);
      expect(() => failed.inc()).to.throw(/labels/);
      expect(() => failed.inc({ code: 'A' }, -1)).to.throw(/cannot go down/);
      const sessions = metrics.gauge(GWSIM_METRICS.activeSessions);
      sessions.inc();
      sessions.inc();
      sessions.dec();
      expect(await metrics.value(GWSIM_METRICS.activeSessions.name)).to.equal(1);
      metrics.gauge({ ...GWSIM_METRICS.historySize, read: () => 5 });
      expect(await metrics.value(GWSIM_METRICS.historySize.name)).to.equal(5);
      metrics.histogram(GWSIM_METRICS.httpDuration).observe(0.25, { operation: 'GET /x' });
      expect(metrics.observations(GWSIM_METRICS.httpDuration.name, { operation: 'GET /x' })).to.deep.equal([0.25]);
      expect(() => metrics.gauge({ name: GWSIM_METRICS.failedLogins.name, help: 'x', labels: ['code'] })).to.throw(
        /already a counter/,
      );
    });
  });
});

describe('the Prometheus text reader of the tests', () => {
  it('refuses what is not the text format', () => {
    expect(() => parsePrometheusText('x 1\n')).to.throw(/no TYPE/);
    expect(() => parsePrometheusText('# TYPE x counter\nx{a="1" 1\n')).to.throw();
    expect(() => parsePrometheusText('# TYPE x counter\nx one\n')).to.throw(/not a sample value/);
    expect(() => parsePrometheusText('# TYPE x counter\nx 1')).to.throw(/newline/);
    expect(parsePrometheusText('# HELP x h\n# TYPE x counter\nx{a="q\\\\"} 2\n').value('x', { a: 'q\\' })).to.equal(2);
  });
});

describe('counters read at scrape time', () => {
  it("export the owner's count, and a lower count as a reset", async () => {
    const metrics = new PrometheusMetrics(undefined, { processMetrics: false });
    let started = 5;
    metrics.counter({ ...GWSIM_METRICS.calls, read: () => started });
    expect(parsePrometheusText(await metrics.exposition()).value('gwsim_calls_total')).to.equal(5);
    started = 9;
    expect(parsePrometheusText(await metrics.exposition()).value('gwsim_calls_total')).to.equal(9);
    started = 2;
    expect(parsePrometheusText(await metrics.exposition()).value('gwsim_calls_total')).to.equal(2);
    const memory = new InMemoryMetrics();
    memory.counter({ ...GWSIM_METRICS.calls, read: async () => 4 });
    expect(await memory.value(GWSIM_METRICS.calls.name)).to.equal(4);
  });
});
