import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse, stringify } from 'yaml';
import { ConfigError, loadConfig } from '../../../src/app/config/loadConfig.js';
import { METRICS_PATH } from '../../../src/app/http/simEndpoints.js';
import {
  compose,
  composeFile,
  covers,
  imageEnvironment,
  imageReference,
  interpolations,
  portMapping,
  ROOT,
  unset,
  type ComposeService,
  type PortMapping,
} from '../../support/dockerFiles.js';

/** What the demo's nodes listen on and draw RTP ports from (demo/gateway.xzconfig). */
function demoPorts(): { sip: number[]; rtp: [number, number][] } {
  const file = JSON.parse(gunzipSync(readFileSync(path.join(ROOT, 'demo', 'gateway.xzconfig'))).toString('utf8')) as {
    objects: { sort: string; parameters: Record<string, unknown> }[];
  };
  const of = (sort: string) => file.objects.filter((o) => o.sort === sort).map((o) => o.parameters);
  return {
    sip: of('SIPST_STACK').flatMap((p) => [p['udpTcpPort'] as number, p['tlsPort'] as number]),
    rtp: of('IN_STACK').map((p) => [p['rtpFirstPort'] as number, p['rtpLastPort'] as number]),
  };
}

/** The environment gwsim's container runs with when the user sets only what compose requires. */
function gwsimEnv(service: ComposeService): Record<string, string> {
  const env = { ...imageEnvironment() };
  for (const [name, value] of Object.entries(service.environment ?? {})) env[name] = unset(String(value));
  return env;
}

function run(command: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command[0]!, command.slice(1), { env, timeout: 10_000 }, (error, _stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr }),
    );
  });
}

describe('docker/compose.yaml (read, not run: no engine here)', () => {
  const file = compose();
  const { gwsim, postgres, prometheus, grafana } = file.services;
  const published = (gwsim!.ports ?? []).map(portMapping);
  const everywhere = (m: PortMapping) => m.hostIp === undefined || m.hostIp === '0.0.0.0';
  const sameNumbers = (m: PortMapping) => m.host[0] === m.container[0] && m.host[1] === m.container[1];

  it('wires gwsim to PostgreSQL by DATABASE_URL, and gwsim then writes no file, so it mounts no volume', () => {
    expect(postgres!.healthcheck!.test.join(' ')).to.contain('pg_isready');
    expect(gwsim!.build).to.deep.equal({ context: '..', dockerfile: 'docker/Dockerfile' });
    const config = loadConfig(gwsimEnv(gwsim!), [], '/app');
    const url = new URL(config.databaseUrl!);
    expect(url.hostname).to.equal('postgres');
    expect(url.pathname).to.equal(`/${postgres!.environment!['POSTGRES_DB']}`);
    expect(url.username).to.equal(postgres!.environment!['POSTGRES_USER']);
    expect(interpolations(gwsim!.environment!['DATABASE_URL']!).map((i) => i.name)).to.deep.equal(
      interpolations(postgres!.environment!['POSTGRES_PASSWORD']!).map((i) => i.name),
    );
    expect(gwsim!.depends_on).to.deep.equal({ postgres: { condition: 'service_healthy' } });
    expect(postgres!.ports, 'PostgreSQL stays inside').to.equal(undefined);
    expect(config.dataDir, 'nothing is written to a data directory').to.equal(undefined);
    expect(gwsim!.volumes).to.equal(undefined);
    expect(gwsim!.user ?? 'node').to.not.match(/^(root|0)(:|$)/);
  });

  it('declares only volumes a service mounts', () => {
    const mounted = Object.values(file.services).flatMap((s) => (s.volumes ?? []).map((v) => v.split(':')[0]));
    expect(Object.keys(file.volumes ?? {})).to.have.members([...new Set(mounted)]);
    expect(prometheus!.command).to.include(`--storage.tsdb.path=${prometheus!.volumes![0]!.split(':')[1]}`);
  });

  it('gives no password a default: compose or the service refuses to start without one', async () => {
    const all = interpolations(stringify(file));
    const passwords = all.filter((i) => /PASSWORD|SECRET/.test(i.name));
    expect(passwords.map((i) => i.name)).to.include.members(['GWSIM_ADMIN_PASSWORD', 'GWSIM_DB_PASSWORD']);
    for (const { name, operator, rest } of passwords) {
      if (operator === ':?') continue;
      expect({ name, operator, rest }, 'no value but the empty one').to.deep.equal({ name, operator: ':-', rest: '' });
      // an empty one: the service that takes it refuses to start (Grafana's entrypoint, run here with sh)
      const takers = Object.values(file.services).flatMap((service) =>
        Object.entries(service.environment ?? {})
          .filter(([, value]) => interpolations(String(value)).some((i) => i.name === name))
          .map(([variable]) => ({ service, variable })),
      );
      expect(takers, name).to.have.length(1);
      const { service, variable } = takers[0]!;
      const command = service.entrypoint!.map((part) => part.replace(/\$\$/g, '$'));
      const refused = await run(command, { PATH: process.env['PATH'], [variable]: '' });
      expect(refused.code, name).to.equal(1);
      expect(refused.stderr).to.contain(name);
      const given = await run(command, { PATH: process.env['PATH'], [variable]: 'a-password' });
      expect(given.stderr, 'past the check, it starts the service').to.not.contain(name);
    }
    // the metrics token: unset means open metrics; a default given in its place can never be a token
    for (const { rest } of all.filter((i) => i.name === 'GWSIM_METRICS_TOKEN' && i.rest !== ''))
      expect(() => loadConfig({ GWSIM_METRICS_TOKEN: rest })).to.throw(ConfigError, /GWSIM_METRICS_TOKEN/);
  });

  it('pins every image to an exact version (PostgreSQL 15 by digest too)', () => {
    const images = Object.entries(file.services).filter(([, s]) => s.image !== undefined);
    expect(images.map(([name]) => name)).to.have.members(['postgres', 'prometheus', 'grafana']);
    for (const [name, service] of images) {
      const image = imageReference(service.image!);
      expect(image.tag, name).to.match(/^v?\d+\.\d+(\.\d+)?(-[a-z0-9.]+)?$/);
      if (image.digest !== undefined) expect(image.digest, name).to.match(/^sha256:[0-9a-f]{64}$/);
    }
    const pg = imageReference(postgres!.image!);
    expect(pg.name).to.equal('postgres');
    expect(pg.tag).to.match(/^15\.\d+/);
    expect(pg.digest).to.match(/^sha256:/);
  });

  it('publishes the API on loopback, the labs’ own ports on loopback, on the same numbers as inside', () => {
    const config = loadConfig(gwsimEnv(gwsim!), [], '/app');
    const api = published.find((m) => m.protocol === 'tcp' && covers(m.container, [config.port, config.port]))!;
    expect(api.hostIp).to.equal('127.0.0.1');
    const labs = published.filter((m) => m !== api && m.protocol === 'tcp' && m.hostIp === '127.0.0.1');
    expect(labs).to.have.length(1);
    expect(sameNumbers(labs[0]!), 'a lab is told its port: the same outside').to.equal(true);
    expect(labs[0]!.host[1] - labs[0]!.host[0]).to.be.greaterThan(0);
  });

  it('runs SIP on every interface and publishes the SIP and RTP ports on every address, on the same numbers', () => {
    const config = loadConfig(gwsimEnv(gwsim!), [], '/app');
    expect(config.sip, 'SIP on').to.equal(true);
    expect(['0.0.0.0', '::'], 'the SIP listeners bind every interface').to.include(config.sipHost);
    expect(isIP(config.sipHost!)).to.not.equal(0);
    const demo = demoPorts();
    for (const protocol of ['udp', 'tcp'] as const) {
      const sip = published.filter((m) => m.protocol === protocol && everywhere(m) && sameNumbers(m));
      for (const port of demo.sip)
        expect(
          sip.some((m) => covers(m.host, [port, port])),
          `${protocol} ${port}`,
        ).to.equal(true);
    }
    const rtp = published.filter((m) => m.protocol === 'udp' && !demo.sip.some((p) => covers(m.host, [p, p])));
    expect(rtp).to.have.length(1);
    expect(everywhere(rtp[0]!) && sameNumbers(rtp[0]!), 'SDP names the container’s port').to.equal(true);
    for (const range of demo.rtp) expect(covers(range, rtp[0]!.host), 'inside the nodes’ media range').to.equal(true);
    expect(rtp[0]!.host[0] % 2, 'RTP on the even port, RTCP above').to.equal(0);
  });

  it('lets the user set the address SIP advertises (the host’s, which phones reach), the container’s own when unset', () => {
    const value = String(gwsim!.environment!['GWSIM_SIP_ADVERTISE']);
    expect(interpolations(value), 'the user’s GWSIM_SIP_ADVERTISE, empty by default').to.deep.equal([
      { name: 'GWSIM_SIP_ADVERTISE', operator: ':-', rest: '' },
    ]);
    expect(loadConfig(gwsimEnv(gwsim!), [], '/app').sipAdvertise, 'unset: chosen at start-up').to.equal(undefined);
    const given = value.replace(/\$\{GWSIM_SIP_ADVERTISE:-\}/, '192.0.2.10');
    const config = loadConfig({ ...gwsimEnv(gwsim!), GWSIM_SIP_ADVERTISE: given }, [], '/app');
    expect(config).to.include({ sipHost: '0.0.0.0', sipAdvertise: '192.0.2.10' });
  });

  it('runs Prometheus and Grafana only in the monitoring profile', () => {
    const profiled = Object.entries(file.services).filter(([, s]) => s.profiles !== undefined);
    expect(profiled.map(([name]) => name)).to.have.members(['prometheus', 'grafana']);
    for (const [, service] of profiled) expect(service.profiles).to.deep.equal(['monitoring']);
    expect(grafana!.ports!.map(portMapping).every((m) => m.hostIp === '127.0.0.1')).to.equal(true);
    expect(prometheus!.ports, 'Prometheus stays inside').to.equal(undefined);
  });

  it('has Prometheus scrape gwsim’s /_sim/metrics, with the metrics token gwsim is given', () => {
    const mounts = new Map(prometheus!.configs!.map((c) => [c.target, file.configs![c.source]!]));
    const flag = prometheus!.command!.find((c) => c.startsWith('--config.file='))!;
    const scrape = parse(composeFile(mounts.get(flag.split('=')[1]!)!.file!)) as {
      scrape_configs: {
        metrics_path?: string;
        authorization?: { type?: string; credentials_file?: string };
        static_configs: { targets: string[] }[];
      }[];
    };
    const jobs = scrape.scrape_configs.filter((job) => job.metrics_path === METRICS_PATH);
    expect(jobs).to.have.length(1);
    const [target] = jobs[0]!.static_configs.flatMap((s) => s.targets);
    const [host, port] = target!.split(':');
    expect(host).to.equal('gwsim');
    expect(Number(port)).to.equal(loadConfig(gwsimEnv(gwsim!), [], '/app').port);
    const token = mounts.get(jobs[0]!.authorization!.credentials_file!)!;
    expect(jobs[0]!.authorization!.type ?? 'Bearer').to.equal('Bearer');
    const given = interpolations(gwsim!.environment!['GWSIM_METRICS_TOKEN']!).map((i) => i.name);
    expect(interpolations(token.content!).map((i) => i.name)).to.deep.equal(given);
  });
});
