import { expect } from 'chai';
import { OPERATIONS } from '../../../src/app/operations.js';
import { SPECIFIED_OPERATIONS } from '../../../src/app/specifiedOperations.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { TestGateway } from '../../support/TestGateway.js';

const served = new Set(OPERATIONS.map((op) => `${op.method} ${op.path}`));
const unserved = SPECIFIED_OPERATIONS.filter((op) => !served.has(`${op.method} ${op.path}`));

describe('operations of the specification that are not simulated', () => {
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start({ store: 'memory' });
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  it(`answer 501 NOT_SIMULATED naming the operation and its area (${unserved.length} of ${SPECIFIED_OPERATIONS.length})`, async () => {
    for (const op of unserved) {
      const response = await admin.request(op.method, op.path, { version: op.version });
      expectError(response, 501, 'NOT_SIMULATED');
      expect(response.json.error.message).to.contain(`${op.method} ${op.path}`).and.contain(op.area);
    }
  });

  it('also without credentials or a version: nothing is there to protect', async () => {
    const op = unserved[0];
    if (!op) return;
    expectError(await gateway.client().request(op.method, op.path, { version: null }), 501, 'NOT_SIMULATED');
  });

  it('leave a typo a 404 NO_SUCH_OPERATION and a served path with another method a 405', async () => {
    expectError(await admin.get('/api/nodes/gett'), 404, 'NO_SUCH_OPERATION');
    expectError(await admin.get('/api/version/get/'.replace('version', 'versoin')), 404, 'NO_SUCH_OPERATION');
    const response = await admin.post('/api/version/get');
    expectError(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.get('allow')).to.equal('GET');
  });

  it('become served by adding their row to the table: no served operation answers 501', async () => {
    for (const op of OPERATIONS.filter((o) => o.method === 'GET' && o.body === 'none')) {
      expect((await admin.get(op.path, { version: op.version })).status, `${op.method} ${op.path}`).to.not.equal(501);
    }
  });
});
