import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { parse } from 'yaml';
import { HttpListener } from '../../../src/app/HttpListener.js';
import { TestGateway } from '../../support/TestGateway.js';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

interface Instruction {
  readonly keyword: string;
  readonly args: string;
  readonly stage: number;
}

/** The Dockerfile's instructions (continuation lines joined, comments dropped), each with the index of its stage. */
function dockerfile(): Instruction[] {
  const text = readFileSync(path.join(ROOT, 'docker', 'Dockerfile'), 'utf8');
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

function run(file: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    execFile(file, [...args], { env, timeout: 20_000 }, (error) =>
      resolve(error ? (typeof error.code === 'number' ? error.code : 1) : 0),
    );
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('docker/Dockerfile and docker/compose.yaml (checked without an engine)', function () {
  this.timeout(60_000);
  const instructions = dockerfile();
  const stages = Math.max(...instructions.map((i) => i.stage)) + 1;
  const runtime = instructions.filter((i) => i.stage === stages - 1);
  const env = (name: string): string | undefined => {
    for (const i of runtime.filter((x) => x.keyword === 'ENV')) {
      const match = new RegExp(`(?:^|\\s)${name}=(\\S+)`).exec(i.args);
      if (match) return match[1];
    }
    return undefined;
  };
  const healthcheck = runtime.find((i) => i.keyword === 'HEALTHCHECK')!;
  const healthCommand = JSON.parse(healthcheck.args.slice(healthcheck.args.indexOf('CMD ') + 4)) as string[];

  it('builds in several stages and runs the server as an unprivileged user', () => {
    expect(stages).to.be.at.least(2);
    const users = runtime.filter((i) => i.keyword === 'USER');
    expect(users.map((u) => u.args)).to.deep.equal(['node']);
    expect(runtime.indexOf(users[0]!)).to.be.lessThan(runtime.findIndex((i) => i.keyword === 'CMD'));
    expect(JSON.parse(runtime.find((i) => i.keyword === 'CMD')!.args)).to.deep.equal([
      'node',
      'dist/src/app/main.js',
      'serve',
    ]);
    expect(env('HOST')).to.equal('0.0.0.0');
    expect(runtime.find((i) => i.keyword === 'EXPOSE')!.args).to.equal(env('PORT'));
  });

  it('keeps test code out of the image: not in the build context, not copied into the runtime stage', () => {
    const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    expect(ignored).to.include.members(['test', 'packages/*/test', 'node_modules', 'dist']);
    for (const copy of instructions.filter((i) => i.keyword === 'COPY'))
      expect(copy.args, copy.args).to.not.match(/(^|\s|\/)test(\s|\/|$)/);
    const copied = runtime.filter((i) => i.keyword === 'COPY').map((i) => i.args);
    expect(copied).to.include('--from=build /app/dist/src ./dist/src');
    expect(copied.some((c) => /\/app\/dist(\s|$)/.test(c))).to.equal(false);
    // the demo the server loads by default is there
    expect(copied).to.include('demo ./demo');
  });

  it('has a HEALTHCHECK that asks /_sim/ready on the port PORT names, and it passes and fails as readiness does', async () => {
    expect(healthCommand[0]).to.equal('node');
    expect(healthCommand.join(' ')).to.contain('/_sim/ready').and.contain('process.env.PORT');
    const gateway = await TestGateway.start({ store: 'memory' });
    try {
      const port = new URL(gateway.baseUrl).port;
      expect(
        await run(process.execPath, healthCommand.slice(1), { ...process.env, PORT: port }),
        'ready gateway',
      ).to.equal(0);
      expect(
        await run(process.execPath, healthCommand.slice(1), { ...process.env, PORT: String(await freePort()) }),
        'nothing listening',
      ).to.equal(1);
    } finally {
      await gateway.stop();
    }
    const starting = await HttpListener.bind(0, '127.0.0.1');
    try {
      expect(
        await run(process.execPath, healthCommand.slice(1), { ...process.env, PORT: String(starting.address.port) }),
        'starting',
      ).to.equal(1);
    } finally {
      await starting.close(0);
    }
  });

  it('compose wires PostgreSQL by DATABASE_URL, refuses to start without an administrator password, and publishes the port on loopback', () => {
    const compose = parse(readFileSync(path.join(ROOT, 'docker', 'compose.yaml'), 'utf8')) as {
      services: Record<
        string,
        {
          image?: string;
          build?: { context: string; dockerfile: string };
          environment: Record<string, string>;
          ports?: string[];
          depends_on?: Record<string, { condition: string }>;
          healthcheck?: { test: string[] };
          user?: string;
        }
      >;
    };
    const { gwsim, postgres } = compose.services;
    expect(postgres!.image).to.match(/^postgres:\d+/);
    expect(postgres!.healthcheck!.test.join(' ')).to.contain('pg_isready');
    expect(gwsim!.build).to.deep.equal({ context: '..', dockerfile: 'docker/Dockerfile' });
    const url = new URL(gwsim!.environment['DATABASE_URL']!.replace(/\$\{[^}]+\}/g, 'x'));
    expect(url.protocol).to.equal('postgres:');
    expect(url.hostname).to.equal('postgres');
    expect(url.pathname).to.equal(`/${postgres!.environment['POSTGRES_DB']}`);
    expect(url.username).to.equal(postgres!.environment['POSTGRES_USER']);
    expect(gwsim!.environment['GWSIM_ADMIN_PASSWORD']).to.match(/^\$\{GWSIM_ADMIN_PASSWORD:\?.+\}$/);
    expect(JSON.stringify(compose)).to.not.match(/GWSIM_ADMIN_PASSWORD:-/);
    expect(gwsim!.depends_on).to.deep.equal({ postgres: { condition: 'service_healthy' } });
    const containerPort = gwsim!.environment['PORT'] ?? env('PORT');
    expect(gwsim!.ports).to.have.length(1);
    expect(gwsim!.ports![0]).to.match(new RegExp(`^127\\.0\\.0\\.1:\\$\\{GWSIM_PORT:-\\d+\\}:${containerPort}$`));
    expect(postgres!.ports, 'PostgreSQL stays inside').to.equal(undefined);
    expect(gwsim!.user ?? 'node').to.not.match(/^(root|0)(:|$)/);
  });
});
