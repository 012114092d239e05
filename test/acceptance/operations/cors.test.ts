import { expect } from 'chai';
import { TestGateway } from '../../support/TestGateway.js';

const TOOL = 'https://tool.example.test:8443';

async function preflight(gateway: TestGateway, origin: string) {
  return fetch(new URL('/api/users/add?version=0', gateway.baseUrl), {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    },
  });
}

describe('CORS (GWSIM_CORS_ORIGINS)', function () {
  this.timeout(60_000);

  it('is off by default: no CORS headers for any origin, preflights get no permission', async () => {
    const gateway = await TestGateway.start({ store: 'memory' });
    try {
      const response = await fetch(new URL('/api/version/get?version=0', gateway.baseUrl), {
        headers: { origin: TOOL },
      });
      expect(response.headers.get('access-control-allow-origin')).to.equal(null);
      const pre = await preflight(gateway, TOOL);
      expect(pre.headers.get('access-control-allow-origin')).to.equal(null);
      expect(pre.status).to.not.equal(204);
    } finally {
      await gateway.stop();
    }
  });

  it('allows a listed origin with credentials (the session cookie works from its page), and no other', async () => {
    const gateway = await TestGateway.start({ store: 'memory', config: { corsOrigins: [TOOL] } });
    try {
      const pre = await preflight(gateway, TOOL);
      expect(pre.status).to.equal(204);
      expect(pre.headers.get('access-control-allow-origin')).to.equal(TOOL);
      expect(pre.headers.get('access-control-allow-credentials')).to.equal('true');
      expect(pre.headers.get('access-control-allow-methods')).to.contain('POST');
      expect(pre.headers.get('access-control-allow-headers')?.toLowerCase())
        .to.contain('authorization')
        .and.contain('content-type');

      const admin = gateway.admin();
      const answer = await admin.get('/api/version/get', { headers: { origin: TOOL } });
      expect(answer.status).to.equal(200);
      expect(answer.headers.get('access-control-allow-origin')).to.equal(TOOL);
      expect(answer.headers.get('access-control-expose-headers')).to.contain('X-Request-Id');
      expect(answer.headers.get('vary')).to.contain('Origin');
      // error answers carry the headers too, so the page can read the error
      const refused = await gateway.client().get('/api/version/get', { headers: { origin: TOOL } });
      expect(refused.status).to.equal(401);
      expect(refused.headers.get('access-control-allow-origin')).to.equal(TOOL);

      const other = await fetch(new URL('/api/version/get?version=0', gateway.baseUrl), {
        headers: { origin: 'https://elsewhere.example.test' },
      });
      expect(other.headers.get('access-control-allow-origin')).to.equal(null);
      expect(
        (await preflight(gateway, 'https://elsewhere.example.test')).headers.get('access-control-allow-origin'),
      ).to.equal(null);
    } finally {
      await gateway.stop();
    }
  });

  it("allows every origin without credentials with '*'", async () => {
    const gateway = await TestGateway.start({ store: 'memory', config: { corsOrigins: '*' } });
    try {
      const response = await fetch(new URL('/_sim/health', gateway.baseUrl), {
        headers: { origin: 'https://any.example.test' },
      });
      expect(response.headers.get('access-control-allow-origin')).to.equal('*');
      expect(response.headers.get('access-control-allow-credentials')).to.equal(null);
    } finally {
      await gateway.stop();
    }
  });
});
