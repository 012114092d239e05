import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { measureApiLatency, percentile } from '../../support/sip/apiLatency.js';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly authorization?: string;
  readonly cookie?: string;
  readonly body: string;
}

/** A stand-in for the management interface: Basic admin/secret sets a session cookie; `fail` answers 500. */
async function gateway(options: {
  cookie: boolean;
  failEvery?: number;
}): Promise<{ baseUrl: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  let served = 0;
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      seen.push({
        method: request.method!,
        url: request.url!,
        body,
        ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      });
      const basic = request.headers.authorization === `Basic ${Buffer.from('admin:secret').toString('base64')}`;
      const session = request.headers.cookie === 'JSESSIONID=abc';
      if (!basic && !session) {
        response.statusCode = 401;
        response.end();
        return;
      }
      served += 1;
      if (basic && options.cookie) response.setHeader('set-cookie', 'JSESSIONID=abc; Path=/; HttpOnly');
      response.statusCode = options.failEvery && served % options.failEvery === 0 ? 500 : 200;
      response.setHeader('content-type', 'application/json');
      response.end('{"version":"1"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('measureApiLatency', () => {
  it('signs in with Basic, then sends the session cookie on every request of the default read', async () => {
    const server = await gateway({ cookie: true });
    try {
      const result = await measureApiLatency(
        server.baseUrl,
        { username: 'admin', password: 'secret' },
        { requests: 20, concurrency: 4 },
      );
      expect(result.count).to.equal(20);
      expect(result.errors).to.equal(0);
      expect(result.p50).to.be.greaterThan(0);
      expect(result.p99).to.be.at.least(result.p50);
      expect(server.seen).to.have.length(21);
      expect(server.seen[0]).to.include({ method: 'GET', url: '/api/version/get?version=0' });
      expect(server.seen[0]!.authorization).to.match(/^Basic /);
      for (const request of server.seen.slice(1))
        expect(request).to.deep.include({ method: 'GET', url: '/api/version/get?version=0', cookie: 'JSESSIONID=abc' });
    } finally {
      await server.close();
    }
  });

  it('sends Basic credentials on every request when the sign-in sets no cookie, and the operation given', async () => {
    const server = await gateway({ cookie: false });
    try {
      const result = await measureApiLatency(
        server.baseUrl,
        { username: 'admin', password: 'secret' },
        {
          requests: 5,
          concurrency: 2,
          operation: { method: 'POST', path: '/api/users/get?version=1', body: { filter: 'x' } },
        },
      );
      expect(result).to.include({ count: 5, errors: 0 });
      for (const request of server.seen.slice(1)) {
        expect(request).to.include({ method: 'POST', url: '/api/users/get?version=1', body: '{"filter":"x"}' });
        expect(request.authorization).to.match(/^Basic /);
      }
    } finally {
      await server.close();
    }
  });

  it('counts the requests not answered 2xx as errors, outside the percentiles', async () => {
    const server = await gateway({ cookie: true, failEvery: 3 });
    try {
      // The sign-in is the first served request; of the 9 measured ones, served #3, #6 and #9 fail.
      const result = await measureApiLatency(
        server.baseUrl,
        { username: 'admin', password: 'secret' },
        { requests: 9, concurrency: 1 },
      );
      expect(result).to.include({ count: 6, errors: 3 });
    } finally {
      await server.close();
    }
  });

  it('fails when the sign-in is refused', async () => {
    const server = await gateway({ cookie: true });
    try {
      let failure: unknown;
      try {
        await measureApiLatency(
          server.baseUrl,
          { username: 'admin', password: 'wrong' },
          { requests: 1, concurrency: 1 },
        );
      } catch (error) {
        failure = error;
      }
      expect(String(failure)).to.include('failed with 401');
    } finally {
      await server.close();
    }
  });

  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).to.equal(50);
    expect(percentile(values, 0.99)).to.equal(99);
    expect(percentile([7], 0.99)).to.equal(7);
    expect(percentile([], 0.5)).to.equal(0);
  });
});
