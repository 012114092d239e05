import { expect } from 'chai';
import { labPrivateKey, signLicenseFile } from '@gwsim/license-file';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import { DEMO_LICENSE_IDENTIFIER } from '../../../src/app/demo/DemoLoader.js';
import { TestGateway } from '../../support/TestGateway.js';
import { durableStores } from '../../support/testStores.js';
import type { ApiClient } from '../../support/ApiClient.js';

const CLOCK = '/_sim/labs/default/clock';
const HOUR = 3600_000;

interface ClockView {
  mode: string;
  rate: number;
  now: string;
  wall: string;
  offsetSeconds: number;
}

async function clock(admin: ApiClient): Promise<ClockView> {
  const answer = await admin.get(CLOCK);
  expect(answer.status, answer.text).to.equal(200);
  return answer.json as ClockView;
}

async function labNow(admin: ApiClient): Promise<number> {
  return Date.parse((await clock(admin)).now);
}

describe('the lab clock (/_sim/labs/default/clock)', function () {
  this.timeout(120_000);

  describe('modes, advance and bad input', () => {
    let gateway: TestGateway;
    let admin: ApiClient;
    beforeEach(async () => {
      gateway = await TestGateway.start({ store: 'memory' });
      admin = gateway.admin();
    });
    afterEach(() => gateway.stop());

    it("runs in real time until told otherwise, then frozen, scaled and real again, the lab's time going on from where it was", async () => {
      const start = await clock(admin);
      expect(start).to.include({ mode: 'real', rate: 1, offsetSeconds: 0 });
      expect(start.now).to.equal(gateway.clock.now().toISOString());

      const frozen = await admin.put(CLOCK, { json: { mode: 'frozen' } });
      expect(frozen.status, frozen.text).to.equal(200);
      const frozenAt = Date.parse(frozen.json.now);
      gateway.clock.advance(90_000);
      expect(await labNow(admin), 'a frozen clock stands still').to.equal(frozenAt);

      expect((await admin.put(CLOCK, { json: { mode: 'scaled', scale: 60 } })).json).to.include({
        mode: 'scaled',
        rate: 60,
      });
      gateway.clock.advance(2_000);
      expect(await labNow(admin), 'two wall seconds are two lab minutes').to.equal(frozenAt + 120_000);

      await admin.put(CLOCK, { json: { mode: 'real' } });
      gateway.clock.advance(1_000);
      expect(await labNow(admin)).to.equal(frozenAt + 121_000);
      // the offset comes from the time frozen (-90 s) and the time scaled (+118 s)
      expect((await clock(admin)).offsetSeconds).to.equal(28);

      const set = await admin.put(CLOCK, { json: { mode: 'real', now: '2027-06-01T12:00:00Z' } });
      expect(set.json.now).to.equal('2027-06-01T12:00:00.000Z');
      // the gateway's own answers follow it
      const sessions = await admin.post('/api/activeSessions/get', { query: { dateFormat: 'ISO-8601' }, json: {} });
      expect(sessions.json.lastUpdated).to.equal('2027-06-01T12:00:00.000Z');
    });

    it('advances by an ISO-8601 duration in any mode', async () => {
      const before = await labNow(admin);
      const advanced = await admin.post(`${CLOCK}/advance`, { json: { by: 'PT2H' } });
      expect(advanced.status, advanced.text).to.equal(200);
      expect(Date.parse(advanced.json.now)).to.equal(before + 2 * HOUR);
      await admin.put(CLOCK, { json: { mode: 'frozen' } });
      expect(Date.parse((await admin.post(`${CLOCK}/advance`, { json: { by: 'P1DT30M' } })).json.now)).to.equal(
        before + 26.5 * HOUR,
      );
      expect((await clock(admin)).mode, 'still frozen').to.equal('frozen');
    });

    it('goes back to wall time from scaled, frozen or advanced: real time, no offset ({mode: real, offsetSeconds: 0})', async () => {
      await admin.put(CLOCK, { json: { mode: 'scaled', scale: 600, now: '2026-11-24T09:00:00Z' } });
      gateway.clock.advance(5_000);
      expect((await clock(admin)).offsetSeconds, 'the lab runs far from the wall clock').to.not.equal(0);
      const back = await admin.put(CLOCK, { json: { mode: 'real', offsetSeconds: 0 } });
      expect(back.status, back.text).to.equal(200);
      expect(back.json).to.include({ mode: 'real', rate: 1, offsetSeconds: 0, now: gateway.clock.now().toISOString() });
      gateway.clock.advance(60_000);
      expect(await clock(admin), 'it stays on the wall clock').to.include({
        offsetSeconds: 0,
        now: gateway.clock.now().toISOString(),
      });
      // any offset from the wall clock, in any mode
      await admin.post(`${CLOCK}/advance`, { json: { by: 'PT1H' } });
      const behind = await admin.put(CLOCK, { json: { mode: 'frozen', offsetSeconds: -90 } });
      expect(behind.json).to.include({ mode: 'frozen', offsetSeconds: -90 });
    });

    it('answers bad input with 400 naming the field, and leaves the clock as it was', async () => {
      const before = await clock(admin);
      const cases: Array<[string, 'put' | 'post', unknown, string]> = [
        [CLOCK, 'put', { mode: 'fast' }, 'mode'],
        [CLOCK, 'put', {}, 'mode'],
        [CLOCK, 'put', { mode: 'scaled', scale: 0 }, 'scale'],
        [CLOCK, 'put', { mode: 'scaled', scale: 1e9 }, 'scale'],
        [CLOCK, 'put', { mode: 'real', scale: 60 }, 'scale'],
        [CLOCK, 'put', { mode: 'scaled', scale: '60' }, 'scale'],
        [CLOCK, 'put', { mode: 'real', now: 'tomorrow' }, 'now'],
        [CLOCK, 'put', { mode: 'real', now: '2027-02-30T00:00:00Z' }, 'now'],
        [CLOCK, 'put', { mode: 'real', extra: 1 }, 'extra'],
        [CLOCK, 'put', { mode: 'real', offsetSeconds: '0' }, 'offsetSeconds'],
        [CLOCK, 'put', { mode: 'real', offsetSeconds: 0, now: '2027-01-01T00:00:00Z' }, 'offsetSeconds'],
        [CLOCK, 'put', { mode: 'real', offsetSeconds: -1e12 }, 'offsetSeconds'],
        [`${CLOCK}/advance`, 'post', { by: 'P1M' }, 'by'],
        [`${CLOCK}/advance`, 'post', { by: 'two hours' }, 'by'],
        [`${CLOCK}/advance`, 'post', { by: '-PT1H' }, 'by'],
        [`${CLOCK}/advance`, 'post', { by: 'PT0S' }, 'by'],
        [`${CLOCK}/advance`, 'post', {}, 'by'],
      ];
      for (const [path, method, json, field] of cases) {
        const answer = method === 'put' ? await admin.put(path, { json }) : await admin.post(path, { json });
        expect(answer.status, `${JSON.stringify(json)}: ${answer.text}`).to.equal(400);
        expect(JSON.stringify(answer.json.error), JSON.stringify(json)).to.contain(field);
      }
      expect(await clock(admin)).to.deep.equal(before);
    });

    it('is for administrators only', async () => {
      expect((await gateway.client().get(CLOCK)).status).to.equal(401);
    });
  });

  it('moves a license past its end to VALID_UNTIL, after which the simulator refuses calls beyond the capacity that remains', async () => {
    const gateway = await TestGateway.start({ store: 'memory', config: { demo: true } });
    try {
      const admin = gateway.admin();
      // a second license, 5 sessions, valid for two years: what remains once the demo's 30-session one ends
      const now = gateway.clock.now().getTime();
      const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
      const lasting = signLicenseFile(
        {
          identifier: '0b6e7c7a-5555-4333-8444-000000000005',
          name: 'five sessions',
          products: ['gwsim'],
          application: 'gateway',
          requiredSystemIds: [],
          validFrom: iso(now - HOUR),
          validUntil: iso(now + 730 * 24 * HOUR),
          facilities: [{ name: 'telrtSession', value: 5 }],
          constraints: [],
          invalidates: [],
        },
        labPrivateKey(),
      );
      expect(
        (await admin.put('/api/licenses/importFile', { file: { name: 'five.xzlicense', content: lasting } })).status,
      ).to.equal(200);
      const busier = { ...(await admin.get('/_sim/labs/default/traffic')).json.profile, callsPerSecond: 1 };
      expect(
        (await admin.put('/_sim/labs/default/traffic', { json: { running: true, profile: busier } })).status,
      ).to.equal(200);
      const labs = gateway.get(TrafficLabs);
      const run = async (seconds: number) => {
        for (let s = 0; s < seconds; s += 1) {
          gateway.clock.advance(1000);
          await labs.advance(DEFAULT_LAB);
        }
      };
      await run(120);
      const before = labs.state(DEFAULT_LAB);
      expect(before.active, 'more than five calls at once under the demo license').to.be.greaterThan(5);
      const statuses = async () =>
        Object.fromEntries(
          ((await admin.get('/api/licenses/get')).json as Array<{ identifier: string; status: string }>).map((l) => [
            l.identifier,
            l.status,
          ]),
        );
      expect((await statuses())[DEMO_LICENSE_IDENTIFIER]).to.equal('ACTIVE');

      const advanced = await admin.post(`${CLOCK}/advance`, { json: { by: 'P366D' } });
      expect(advanced.status, advanced.text).to.equal(200);
      expect(await statuses()).to.deep.include({
        [DEMO_LICENSE_IDENTIFIER]: 'VALID_UNTIL',
        '0b6e7c7a-5555-4333-8444-000000000005': 'ACTIVE',
      });

      const refusedBefore = labs.state(DEFAULT_LAB).counters!.refusedBy['capacityExhausted'] ?? 0;
      const startedBefore = labs.state(DEFAULT_LAB).counters!.started;
      await run(2);
      expect(labs.state(DEFAULT_LAB).time!.getTime(), "the traffic is at the lab's new time").to.equal(
        await labNow(admin),
      );
      expect(
        labs.state(DEFAULT_LAB).counters!.started - startedBefore,
        'the jump replayed no year of arrivals',
      ).to.be.below(10);
      expect(labs.state(DEFAULT_LAB).active, 'the calls in progress ended with the jump').to.be.at.most(5);
      let most = 0;
      for (let s = 0; s < 120; s += 1) {
        await run(1);
        most = Math.max(most, labs.state(DEFAULT_LAB).active);
      }
      expect(most, 'never more than the five sessions that remain licensed').to.be.at.most(5);
      expect(most).to.be.greaterThan(0);
      expect(
        labs.state(DEFAULT_LAB).counters!.refusedBy['capacityExhausted'] ?? 0,
        'calls beyond them refused',
      ).to.be.greaterThan(refusedBefore);
    } finally {
      await gateway.stop();
    }
  });

  for (const store of durableStores()) {
    it(`keeps the clock across a restart on ${store.name}`, async () => {
      try {
        const first = await TestGateway.start({ config: store.config });
        let frozenAt: string;
        try {
          const answer = await first.admin().put(CLOCK, { json: { mode: 'frozen', now: '2028-02-29T10:00:00Z' } });
          expect(answer.status, answer.text).to.equal(200);
          frozenAt = answer.json.now;
        } finally {
          await first.stop();
        }
        const again = await TestGateway.start({ config: store.config, keepData: true });
        try {
          again.clock.advance(60_000);
          expect(await clock(again.admin())).to.include({ mode: 'frozen', now: frozenAt });
        } finally {
          await again.stop();
        }
      } finally {
        await store.dispose();
      }
    });
  }
});
