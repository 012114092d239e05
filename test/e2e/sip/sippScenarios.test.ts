import { expect } from 'chai';
import { fixture, runSipp, startSipp, type SippOptions, type SippResult } from '../../support/sip/sipp.js';

/** Runs a scenario file as the UAS for one call and another as the UAC calling it; answers both results. */
async function call(
  uas: string,
  uac: string,
  options: {
    uasKeys?: Record<string, string>;
    uacKeys?: Record<string, string>;
    uacExtra?: string[];
    uacTimeoutMs?: number;
  } = {},
): Promise<{ uas: SippResult; uac: SippResult }> {
  const server = await startSipp({
    scenario: scenarioOf(uas),
    calls: 1,
    timeoutMs: 20_000,
    ...(options.uasKeys ? { keys: options.uasKeys } : {}),
  });
  const uacOptions: SippOptions = {
    scenario: scenarioOf(uac),
    remote: `127.0.0.1:${server.port}`,
    calls: 1,
    timeoutMs: options.uacTimeoutMs ?? 20_000,
    ...(options.uacKeys ? { keys: options.uacKeys } : {}),
    ...(options.uacExtra ? { extra: options.uacExtra } : {}),
  };
  const client = await runSipp(uacOptions);
  return { uac: client, uas: await server.done };
}

function scenarioOf(name: string): string {
  return name === 'uac' || name === 'uas' ? name : fixture(name);
}

function succeeded(result: SippResult): void {
  expect(result, `${result.errors}\n${result.stderr}`).to.include({
    exitCode: 0,
    attempted: 1,
    successful: 1,
    failed: 0,
  });
}

function failed(result: SippResult): void {
  expect(result, result.errors).to.include({ exitCode: 1, attempted: 1, successful: 0, failed: 1 });
}

describe('SIPp scenario files, run against SIPp', function () {
  this.timeout(30_000);

  describe('uac-expect-status and uas-status', () => {
    it('complete a 200 call: INVITE, 200 with SDP, ACK, hold, BYE, 200', async () => {
      const { uac, uas } = await call('uas-status', 'uac-expect-status', {
        uasKeys: { status: '200' },
        uacKeys: { status: '200', hold_ms: '100' },
      });
      succeeded(uac);
      succeeded(uas);
    });

    it('complete a rejected call when the UAC expects the status the UAS sends (486, ACKed)', async () => {
      const { uac, uas } = await call('uas-status', 'uac-expect-status', {
        uasKeys: { status: '486' },
        uacKeys: { status: '486' },
      });
      succeeded(uac);
      succeeded(uas);
    });

    it('fail the UAC call on another final status, after ACKing it', async () => {
      const { uac, uas } = await call('uas-status', 'uac-expect-status', {
        uasKeys: { status: '503' },
        uacKeys: { status: '486' },
      });
      failed(uac);
      expect(uac.logs).to.include('expected final status 486, received 503');
      succeeded(uas);
    });

    it('fail the UAC call when a 200 comes instead of the rejection it expects, and still hang it up', async () => {
      const { uac, uas } = await call('uas', 'uac-expect-status', { uacKeys: { status: '404' } });
      failed(uac);
      expect(uac.logs).to.include('expected final status 404, received 200');
      succeeded(uas);
    });

    it('uac-expect-status holds for its default hold_ms when no key is given, against the built-in UAS', async () => {
      const { uac, uas } = await call('uas', 'uac-expect-status');
      succeeded(uac);
      succeeded(uas);
    });

    it('uas-status answers the built-in UAC', async () => {
      const { uac, uas } = await call('uas-status', 'uac');
      succeeded(uac);
      succeeded(uas);
    });
  });

  describe('uac-ignore-first-200 and uas-repeat-200', () => {
    it('the UAC leaves the first 200 unacknowledged and ACKs the repeated one; the UAS counts that ACK', async () => {
      const { uac, uas } = await call('uas-repeat-200', 'uac-ignore-first-200');
      succeeded(uac);
      succeeded(uas);
    });

    it('uas-repeat-200 succeeds against a caller that ACKs both 200s', async () => {
      const { uac, uas } = await call('uas-repeat-200', 'uac-expect-status', {
        uacKeys: { status: '200', hold_ms: '1500' },
      });
      succeeded(uac);
      succeeded(uas);
    });

    it('uas-repeat-200 fails the call when no ACK follows the repeated 200', async () => {
      // The caller waits for a BYE that does not come: it is cut short.
      const { uas } = await call('uas-repeat-200', 'uac-no-ack', { uacTimeoutMs: 7_000 });
      failed(uas);
    });

    it('uac-ignore-first-200 fails the call when the 200 is never repeated', async () => {
      const { uac } = await call('uas-hangup-unacked', 'uac-ignore-first-200', { uasKeys: { hold_ms: '8000' } });
      failed(uac);
    });
  });

  describe('uac-no-ack and uas-hangup-unacked', () => {
    it('the UAC never ACKs the 200 and answers the BYE that follows', async () => {
      const { uac, uas } = await call('uas-hangup-unacked', 'uac-no-ack', { uasKeys: { hold_ms: '200' } });
      succeeded(uac);
      succeeded(uas);
    });

    it('uas-hangup-unacked fails the call when an ACK arrives (so the success above means no ACK was sent)', async () => {
      // The caller waits for a BYE that does not come: it is cut short.
      const { uas } = await call('uas-hangup-unacked', 'uac-callee-hangup', {
        uasKeys: { hold_ms: '200' },
        uacTimeoutMs: 3_000,
      });
      failed(uas);
    });
  });

  describe('uac-callee-hangup and uas-hangup', () => {
    it('the UAS answers, is ACKed, holds and hangs up; the UAC answers its BYE', async () => {
      const { uac, uas } = await call('uas-hangup', 'uac-callee-hangup', { uasKeys: { hold_ms: '200' } });
      succeeded(uac);
      succeeded(uas);
    });
  });

  describe('uac-cancel and uas-ring-no-answer', () => {
    it('the UAC cancels the ringing call: 200 to the CANCEL, 487 to the INVITE, ACK', async () => {
      const { uac, uas } = await call('uas-ring-no-answer', 'uac-cancel');
      succeeded(uac);
      succeeded(uas);
    });

    it('uac-cancel fails when the call is answered instead of ringing', async () => {
      const { uac } = await call('uas-status', 'uac-cancel', { uasKeys: { status: '200' } });
      failed(uac);
    });
  });

  describe('uac-options', () => {
    it('sends OPTIONS and accepts the 200', async () => {
      const { uac, uas } = await call('uas-options', 'uac-options');
      succeeded(uac);
      succeeded(uas);
    });
  });

  describe('uac-register-auth and uas-register-auth', () => {
    it('registers after answering the digest challenge with the right credentials', async () => {
      const { uac, uas } = await call('uas-register-auth', 'uac-register-auth', {
        uasKeys: { user: 'bob', password: 'Pa55word' },
        uacKeys: { user: 'bob', password: 'Pa55word', domain: 'example.test' },
      });
      succeeded(uac);
      succeeded(uas);
    });

    it('is refused with a wrong password', async () => {
      const { uac, uas } = await call('uas-register-auth', 'uac-register-auth', {
        uasKeys: { user: 'bob', password: 'Pa55word' },
        uacKeys: { user: 'bob', password: 'wrong', domain: 'example.test' },
      });
      failed(uac);
      failed(uas);
    });
  });
});
