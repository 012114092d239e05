import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { TestGateway } from '../../support/TestGateway.js';

const VERSION_SHAPE = ['versionMajor', 'versionMinor', 'versionRelease'];

describe('version, resources and maintenance mode', () => {
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  describe('GET /api/version/get', () => {
    it('reports core, administration, frontend and monitor as SoftwareVersions and java as {version}', async () => {
      const response = await admin.get('/api/version/get');
      expect(response.status).to.equal(200);
      expect(response.json).to.have.keys('core', 'administration', 'frontend', 'java', 'monitor');
      for (const component of ['core', 'administration', 'frontend', 'monitor']) {
        expect(response.json[component], component).to.have.keys(VERSION_SHAPE);
        for (const key of VERSION_SHAPE) expect(response.json[component][key]).to.be.a('number');
      }
      expect(response.json.java.version).to.be.a('string');
    });

    it('selects one component with product, ucma included', async () => {
      expect(Object.keys((await admin.get('/api/version/get', { query: { product: 'core' } })).json)).to.deep.equal([
        'core',
      ]);
      expect((await admin.get('/api/version/get', { query: { product: 'ucma' } })).json.ucma).to.have.keys(
        VERSION_SHAPE,
      );
      const unknown = await admin.get('/api/version/get', { query: { product: 'kernel' } });
      expect(unknown.status).to.equal(400);
      expect(unknown.json.error.message).to.contain('core');
    });
  });

  describe('GET /api/resources/get', () => {
    it('reports disk and ram as {total, used} with used within total, and cpu as a percentage', async () => {
      const { json, status } = await admin.get('/api/resources/get');
      expect(status).to.equal(200);
      expect(json).to.have.keys('disk', 'cpu', 'ram');
      for (const part of ['disk', 'ram']) {
        expect(json[part]).to.have.keys('total', 'used');
        expect(json[part].used).to.be.within(1, json[part].total);
      }
      expect(json.cpu).to.be.within(0, 100);
    });

    it('restricts the answer with value', async () => {
      for (const value of ['disk', 'cpu', 'ram']) {
        expect(Object.keys((await admin.get('/api/resources/get', { query: { value } })).json)).to.deep.equal([value]);
      }
      expect((await admin.get('/api/resources/get', { query: { value: 'gpu' } })).status).to.equal(400);
    });
  });

  describe('maintenance mode', () => {
    it('is off on a new gateway, switches on and off, and answers the new value', async () => {
      expect((await admin.get('/api/maintenanceMode/get')).json).to.deep.equal({ modeActive: false });
      const on = await admin.put('/api/maintenanceMode/set', { json: { modeActive: true } });
      expect(on.status).to.equal(200);
      expect(on.json).to.deep.equal({ modeActive: true });
      expect((await admin.get('/api/maintenanceMode/get')).json).to.deep.equal({ modeActive: true });
      expect((await admin.put('/api/maintenanceMode/set', { json: { modeActive: false } })).json).to.deep.equal({
        modeActive: false,
      });
    });

    it('refuses a body without a boolean modeActive and keeps the mode', async () => {
      await admin.put('/api/maintenanceMode/set', { json: { modeActive: true } });
      for (const body of [{}, { modeActive: 'true' }, { modeActive: 1 }, { modeActive: null }, []]) {
        const response = await admin.put('/api/maintenanceMode/set', { json: body });
        expectError(response, 400, ['VALIDATION_FAILED', 'INVALID_BODY'], { what: JSON.stringify(body) });
      }
      expect((await admin.get('/api/maintenanceMode/get')).json).to.deep.equal({ modeActive: true });
    });
  });
});
