import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { compose, composeFile, DOCKER } from '../../support/dockerFiles.js';
import { exposedMetrics, promqlMetricNames, seriesNames } from '../../support/exposedMetrics.js';

interface Target {
  readonly refId: string;
  readonly expr?: string;
  readonly datasource?: { readonly uid?: string };
}

interface Panel {
  readonly id: number;
  readonly type: string;
  readonly title: string;
  readonly datasource?: { readonly type?: string; readonly uid?: string };
  readonly targets?: readonly Target[];
  readonly panels?: readonly Panel[];
}

/** The dashboard file Grafana is given in the monitoring profile (the config mounted at its dashboards folder). */
function provisioned(): { file: string; target: string } {
  const grafana = compose().services['grafana']!;
  const mounted = grafana.configs!.map((c) => ({ target: c.target, file: compose().configs![c.source]!.file! }));
  const dashboard = mounted.find((m) => m.target.endsWith('.json'))!;
  return { file: path.resolve(DOCKER, dashboard.file), target: dashboard.target };
}

function panelsOf(list: readonly Panel[]): Panel[] {
  return list.flatMap((panel) => [panel, ...panelsOf(panel.panels ?? [])]);
}

describe('the Grafana dashboard of the monitoring profile (docker/grafana)', () => {
  const { file } = provisioned();
  const dashboard = JSON.parse(readFileSync(file, 'utf8')) as { uid: string; panels: Panel[] };
  const panels = panelsOf(dashboard.panels).filter((p) => p.type !== 'row');
  const expressions = panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr ?? '' })));

  it('reads the metric names out of PromQL: functions, aggregations, labels, ranges and numbers are not metrics', () => {
    expect(
      promqlMetricNames(
        'topk(10, histogram_quantile(0.95, sum by (le, operation) (rate(a_bucket{status=~"5..",x="rate(b)"}[$__rate_interval]))))',
      ),
    ).to.deep.equal(['a_bucket']);
    expect(promqlMetricNames('60 * rate(c_total[5m] offset 1h) / on (job) group_left d or vector(0)')).to.deep.equal([
      'c_total',
      'd',
    ]);
  });

  it('has panels that each ask Prometheus something', () => {
    expect(panels.length).to.be.greaterThan(10);
    for (const panel of panels) {
      expect(panel.targets ?? [], panel.title).to.not.be.empty;
      for (const target of panel.targets!)
        expect(target.expr, `${panel.title} ${target.refId}`).to.be.a('string').and.not.empty;
    }
  });

  it('names only metrics gwsim exposes at /_sim/metrics', async () => {
    const exposed = await exposedMetrics();
    const series = new Set([...exposed].flatMap(([name, kind]) => seriesNames(name, kind)));
    const unknown = expressions.flatMap(({ panel, expr }) =>
      promqlMetricNames(expr)
        .filter((name) => !series.has(name))
        .map((name) => `${panel}: ${name}`),
    );
    expect(unknown).to.deep.equal([]);
  });

  it('shows every metric of gwsim’s own', async () => {
    const exposed = await exposedMetrics();
    const shown = new Set(expressions.flatMap(({ expr }) => promqlMetricNames(expr)));
    const own = [...exposed].filter(([name]) => name.startsWith('gwsim_'));
    expect(own.length).to.be.greaterThan(10);
    const missing = own.filter(([name, kind]) => !seriesNames(name, kind).some((s) => shown.has(s))).map(([n]) => n);
    expect(missing).to.deep.equal([]);
  });

  it('asks the data source Grafana is provisioned with, and Grafana loads it from where it is mounted', () => {
    const configs = compose().configs!;
    const grafana = compose().services['grafana']!;
    const fileOf = (suffix: string) => {
      const mount = grafana.configs!.find((c) => c.target.includes(suffix))!;
      return { text: composeFile(configs[mount.source]!.file!), target: mount.target };
    };
    const source = parse(fileOf('/provisioning/datasources/').text) as {
      datasources: { uid: string; type: string; url: string }[];
    };
    const [prometheus] = source.datasources;
    expect(source.datasources).to.have.length(1);
    expect(Object.keys(compose().services)).to.include(new URL(prometheus!.url).hostname);
    for (const panel of panels) {
      expect(panel.datasource, panel.title).to.deep.equal({ type: prometheus!.type, uid: prometheus!.uid });
      for (const target of panel.targets!) expect(target.datasource?.uid ?? prometheus!.uid).to.equal(prometheus!.uid);
    }
    const providers = parse(fileOf('/provisioning/dashboards/').text) as { providers: { options: { path: string } }[] };
    expect(providers.providers.map((p) => p.options.path)).to.include(path.posix.dirname(provisioned().target));
    expect(grafana.environment!['GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH'], 'the home page').to.equal(
      provisioned().target,
    );
  });
});
