import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { loadConfig } from '../../../src/app/config/loadConfig.js';
import { dockerfile, imageEnvironment, imageReference, ROOT, runtimeStage } from '../../support/dockerFiles.js';

interface PackageJson {
  readonly engines: { readonly node: string };
  readonly scripts: Readonly<Record<string, string>>;
  readonly dependencies: Readonly<Record<string, string>>;
}

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as PackageJson;

describe('docker/Dockerfile (read, not built: no engine here)', () => {
  const instructions = dockerfile();
  const runtime = runtimeStage(instructions);
  const copied = runtime.filter((i) => i.keyword === 'COPY').map((i) => i.args);
  const env = imageEnvironment(runtime);

  it('builds in several stages and runs the server as an unprivileged user', () => {
    expect(Math.max(...instructions.map((i) => i.stage))).to.be.at.least(1);
    const users = runtime.filter((i) => i.keyword === 'USER');
    expect(users.map((u) => u.args)).to.deep.equal(['node']);
    expect(runtime.indexOf(users[0]!)).to.be.lessThan(runtime.findIndex((i) => i.keyword === 'CMD'));
    expect(JSON.parse(runtime.find((i) => i.keyword === 'CMD')!.args)).to.deep.equal([
      'node',
      'dist/src/app/main.js',
      'serve',
    ]);
    expect(env['HOST']).to.equal('0.0.0.0');
    expect(runtime.find((i) => i.keyword === 'EXPOSE')!.args).to.equal(env['PORT']);
  });

  it('starts every stage from one Node image pinned by version and digest, a version package.json allows', () => {
    const bases = instructions.filter((i) => i.keyword === 'FROM').map((i) => imageReference(i.args.split(/\s+/)[0]!));
    expect(new Set(bases.map((b) => `${b.name}:${b.tag}@${b.digest}`)).size, 'one base').to.equal(1);
    const [base] = bases;
    expect(base!.name).to.equal('node');
    expect(base!.tag).to.match(/^\d+\.\d+\.\d+-bookworm-slim$/);
    expect(base!.digest).to.match(/^sha256:[0-9a-f]{64}$/);
    const version = base!.tag!.split('-')[0]!;
    expect(semver.satisfies(version, pkg.engines.node), `${version} within ${pkg.engines.node}`).to.equal(true);
  });

  it('keeps test code out of the image: not in the build context, not copied into the runtime stage', () => {
    const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    expect(ignored).to.include.members(['test', 'packages/*/test', 'node_modules', 'dist']);
    for (const copy of instructions.filter((i) => i.keyword === 'COPY'))
      expect(copy.args, copy.args).to.not.match(/(^|\s|\/)test(\s|\/|$)/);
    expect(copied).to.include('--from=build /app/dist/src ./dist/src');
    expect(copied.some((c) => /\/app\/dist(\s|$)/.test(c))).to.equal(false);
    // the demo the server loads by default is there
    expect(copied).to.include('demo ./demo');
  });

  it('listens for SIP on every interface of the container', () => {
    const config = loadConfig({ ...env, GWSIM_SIP: '1' }, [], '/app');
    expect(['0.0.0.0', '::']).to.include(config.sipHost);
  });

  it('declares no volume: the embedded engine’s directory exists, owned by the server’s user, for one to be mounted', () => {
    expect(runtime.filter((i) => i.keyword === 'VOLUME')).to.deep.equal([]);
    const dataDir = loadConfig(env, [], '/app').dataDir!;
    const user = runtime.find((i) => i.keyword === 'USER')!.args;
    const prepared = runtime.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    expect(
      prepared.some((run) => run.includes(`mkdir -p ${dataDir}`) && run.includes(`chown ${user}:${user} ${dataDir}`)),
    ).to.equal(true);
  });

  it('carries what the TypeORM CLI runs: dist/ormconfig.js, the built sources it requires, and typeorm itself', () => {
    const script = pkg.scripts['typeorm']!;
    const [, dataSource] = /-d (\S+)/.exec(script)!;
    expect(copied).to.include(`--from=build /app/${dataSource} ./${dataSource}`);
    const built = readFileSync(path.join(ROOT, dataSource!), 'utf8');
    const required = [...built.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(required.length).to.be.greaterThan(2);
    for (const module of required) {
      if (module.startsWith('.')) {
        const inImage = path.posix.join(path.posix.dirname(dataSource!), module);
        expect(
          copied.some((c) => inImage.startsWith(`${c.split(' ').at(-1)!.replace(/^\.\//, '')}/`)),
          module,
        ).to.equal(true);
      } else if (!module.startsWith('node:'))
        expect(Object.keys(pkg.dependencies), `${module} is a production dependency`).to.include(module);
    }
    expect(Object.keys(pkg.dependencies)).to.include(script.split(' ')[0]);
  });
});
