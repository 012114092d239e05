import { expect } from 'chai';
import dgram from 'node:dgram';
import { decodeHep3, type DecodedHep3 } from '@gwsim/hep';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import { consoleLab, signInToConsole } from './consoleLabsSupport.js';

/** The page's document, in the functions that run in the browser (this file is compiled without the DOM library). */
declare const document: { querySelector(selector: string): { textContent: string | null } | null };

/**
 * The console's SIP panel turns the lab's HEP capture on and off: the form sends to a UDP socket of the test, whose
 * messages are the demo traffic's; the panel says how they fare; the password goes in and never comes back.
 */
describe('the web console: HEP to a collector', function () {
  this.timeout(180_000);
  const lab = consoleLab();
  const { failed, shot } = lab;

  before(() => signInToConsole(lab.state().page, lab.state().gateway));

  it("sends the lab's SIP messages to the collector the form names, shows them sent, and stops", async () => {
    const { page, admin, gateway } = lab.state();
    const socket = dgram.createSocket('udp4');
    const received: DecodedHep3[] = [];
    socket.on('message', (message) => received.push(decodeHep3(message)));
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    try {
      await page.waitForSelector('[data-testid=hep-form] input[name=host]');
      expect(await page.textContent('[data-testid=hep-state]')).to.equal('off');
      await page.fill('[data-testid=hep-host]', '127.0.0.1');
      await page.fill('[data-testid=hep-port]', String(socket.address().port));
      await page.fill('[data-testid=hep-captureId]', '77');
      await page.fill('[data-testid=hep-password]', 'Console-Hep-1');
      await page.click('[data-testid=hep-send]');
      await page.waitForSelector('[data-testid=hep-done]');
      expect(await page.textContent('[data-testid=hep-done]')).to.contain(`UDP to 127.0.0.1:${socket.address().port}`);
      const state = (await admin.get('/_sim/labs/default/hep', { version: null })).json;
      expect(state).to.deep.include({ enabled: true, host: '127.0.0.1', captureId: 77, passwordSet: true });
      expect(await page.inputValue('[data-testid=hep-password]'), 'the field is emptied').to.equal('');
      expect(await page.getAttribute('[data-testid=hep-password]', 'placeholder')).to.equal('set: unchanged');

      // the demo's calls go on: their messages reach the collector, and the panel counts them
      for (let step = 0; step < 10 && received.length === 0; step += 1) {
        gateway.clock.advance(2000);
        await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(received.length, 'messages at the collector').to.be.greaterThan(0);
      expect(received[0]).to.deep.include({ captureId: 77, authKey: 'Console-Hep-1' });
      await page.waitForFunction(
        () =>
          /connected, UDP to 127\.0\.0\.1:\d+, capture id 77: [1-9]\d* sent, 0 dropped/.test(
            document.querySelector('[data-testid=hep-state]')?.textContent ?? '',
          ),
        undefined,
        { timeout: 15_000 },
      );
      await shot('14-hep');

      await page.click('[data-testid=hep-stop]');
      await page.waitForFunction(
        () => (document.querySelector('[data-testid=hep-state]')?.textContent ?? '').startsWith('off'),
        undefined,
        { timeout: 15_000 },
      );
      expect((await admin.get('/_sim/labs/default/hep', { version: null })).json.enabled).to.equal(false);
      expect(failed).to.deep.equal([]);
    } finally {
      socket.close();
    }
  });
});
