import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { expectAllPassed, runSipp } from '../../support/sip/sipp.js';
import { until } from '../../support/sip/sipPhone.js';
import { SIPP, type Entry } from './sipTransportSupport.js';

describe('the demo with real SIP (gwsim serve --sip, then sipp -sn uac 127.0.0.1:5070 -s 4930123456 -m 10)', function () {
  this.timeout(120_000);

  it("completes ten SIPp calls into PBX Berlin's port with no other set-up: routed to a carrier whose simulated far end answers", async function () {
    if (!existsSync(SIPP)) this.skip();
    const gateway = await TestGateway.start({
      store: 'memory',
      clock: new RealTimeClock(),
      config: { demo: true, sip: true },
    });
    try {
      const admin = gateway.admin();
      let listening = false;
      for (let i = 0; i < 100 && !listening; i += 1) {
        const state = await admin.get('/_sim/labs/default/sip', { version: null });
        listening =
          state.status === 200 &&
          state.json.listeners.some(
            (l: any) => l.nodeName === 'PBX Berlin' && l.port === 5070 && l.state === 'listening',
          );
        if (!listening) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(listening, 'PBX Berlin listens on 5070').to.equal(true);
      const result = await runSipp({
        scenario: 'uac',
        remote: '127.0.0.1:5070',
        service: '4930123456',
        calls: 10,
        timeoutMs: 60_000,
      });
      expectAllPassed(result, 10);
      // the last call ends on its far end's 200 to the gateway's BYE, just after SIPp has its own
      let sipCalls: Entry[] = [];
      await until(
        async () => {
          await gateway.get(BatchingMonitorSinks).flush();
          const calls = await admin.post('/api/callHistory/get', {
            query: { dateFormat: 'ISO-8601' },
            json: { count: 1000, destinationDialString: '4930123456' },
          });
          expect(calls.status, calls.text).to.equal(200);
          sipCalls = (calls.json.entries as Entry[]).filter((e) => e.inboundDestinationDialString === '4930123456');
          return sipCalls.length >= 10;
        },
        'ten calls in the history',
        10_000,
      ).catch(() => undefined);
      expect(sipCalls.length).to.equal(10);
      for (const entry of sipCalls) expect(entry.result).to.equal('ANSWERED');
    } finally {
      await gateway.stop();
    }
  });
});
