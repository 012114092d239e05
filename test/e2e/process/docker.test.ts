import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { HttpListener } from '../../../src/app/HttpListener.js';
import { runtimeStage } from '../../support/dockerFiles.js';
import { TestGateway } from '../../support/TestGateway.js';

// What can be read of docker/ without an engine is checked in test/unit/docker/; this runs the image's HEALTHCHECK.

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

describe("docker/Dockerfile's HEALTHCHECK, run without an engine", function () {
  this.timeout(60_000);
  const healthcheck = runtimeStage().find((i) => i.keyword === 'HEALTHCHECK')!;
  const healthCommand = JSON.parse(healthcheck.args.slice(healthcheck.args.indexOf('CMD ') + 4)) as string[];

  it('asks /_sim/ready on the port PORT names, and it passes and fails as readiness does', async () => {
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
});
