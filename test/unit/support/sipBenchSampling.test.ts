import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sampleUntil } from '../../bench/sipBench.js';

/** A server answering every request with `status`: a server whose samples all fail is told apart from one whose all succeed. */
async function serve(status: number): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end('{"nodes":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("the SIP bench's sampling of the gateway and the servers beside it", function () {
  this.timeout(10_000);
  const servers: Server[] = [];
  const started = async (status: number) => {
    const { url, server } = await serve(status);
    servers.push(server);
    return url;
  };
  after(() => {
    for (const server of servers) server.close();
  });

  const sampleFor = (ms: number) => {
    const until = performance.now() + ms;
    return () => performance.now() > until;
  };

  it("files each server's samples under its own name, with and without a bare server", async () => {
    const [ok, failing] = [await started(200), await started(503)];
    const common = { pid: undefined, authorization: 'Basic x', rate: 1, seconds: 1 };

    // the second gwsim's samples fail: they must land under idleGateway, not under bare
    const both = await sampleUntil({ ...common, url: ok, bareUrl: ok, idleGatewayUrl: failing }, sampleFor(600));
    expect(both.gateway.latencies.length).to.be.greaterThan(0);
    expect(both.gateway.failed).to.equal(0);
    expect(both.bare!.latencies.length).to.be.greaterThan(0);
    expect(both.bare!.failed).to.equal(0);
    expect(both.idleGateway!.failed).to.be.greaterThan(0);
    expect(both.idleGateway!.latencies).to.have.length(0);

    // the bare server's samples fail
    const bareFails = await sampleUntil({ ...common, url: ok, bareUrl: failing, idleGatewayUrl: ok }, sampleFor(600));
    expect(bareFails.bare!.failed).to.be.greaterThan(0);
    expect(bareFails.idleGateway!.failed).to.equal(0);
    expect(bareFails.idleGateway!.latencies.length).to.be.greaterThan(0);

    // without a bare server the second gwsim is still found, and nothing is filed as bare
    const noBare = await sampleUntil({ ...common, url: ok, idleGatewayUrl: failing }, sampleFor(600));
    expect(noBare.bare).to.equal(undefined);
    expect(noBare.gateway.failed).to.equal(0);
    expect(noBare.idleGateway!.failed).to.be.greaterThan(0);

    // without either, only the gateway is sampled
    const alone = await sampleUntil({ ...common, url: failing }, sampleFor(300));
    expect(alone.bare).to.equal(undefined);
    expect(alone.idleGateway).to.equal(undefined);
    expect(alone.gateway.failed).to.be.greaterThan(0);
  });
});
