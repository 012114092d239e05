import { expect } from 'chai';
import {
  answerAsUas,
  expiryDelayMs,
  glareRetryMs,
  refreshDelayMs,
  requestSessionExpires,
  takeAsUac,
  type SessionTimerSettings,
  type TimerRequest,
} from '../../../../src/contexts/simulation/sip/domain/sessionTimerTerms.js';

const NODE: SessionTimerSettings = { enabled: true, expiresSeconds: 1800, minSeconds: 90 };

function asked(
  seconds: number | undefined,
  refresher?: 'uac' | 'uas',
  supportsTimer = true,
  minSe?: number,
): TimerRequest {
  return {
    sessionExpires: seconds === undefined ? undefined : { seconds, refresher },
    minSe,
    supportsTimer,
  };
}

describe('session timer terms on a leg (RFC 4028 sections 7.2, 9 and 10)', () => {
  describe('the gateway as UAS (section 9)', () => {
    it("honours the caller's refresher and interval, with Require: timer", () => {
      expect(answerAsUas(NODE, asked(90, 'uas'))).to.deep.equal({
        kind: 'run',
        terms: { intervalSeconds: 90, refresher: 'gateway' },
        sessionExpires: { seconds: 90, refresher: 'uas' },
        require: true,
      });
      expect(answerAsUas(NODE, asked(600, 'uac'))).to.deep.include({
        terms: { intervalSeconds: 600, refresher: 'peer' },
        sessionExpires: { seconds: 600, refresher: 'uac' },
      });
    });

    it('makes a caller that supports timer and named no refresher the refresher (uac)', () => {
      expect(answerAsUas(NODE, asked(180))).to.deep.include({
        terms: { intervalSeconds: 180, refresher: 'peer' },
        sessionExpires: { seconds: 180, refresher: 'uac' },
        require: true,
      });
    });

    it("refreshes itself (uas) a caller that does not support timer, at the node's interval, without Require", () => {
      expect(answerAsUas(NODE, asked(undefined, undefined, false))).to.deep.equal({
        kind: 'run',
        terms: { intervalSeconds: 1800, refresher: 'gateway' },
        sessionExpires: { seconds: 1800, refresher: 'uas' },
        require: false,
      });
      // a proxy's Session-Expires for a caller without timer: the gateway refreshes, whatever the parameter says
      expect(answerAsUas(NODE, asked(600, 'uac', false))).to.deep.include({
        terms: { intervalSeconds: 600, refresher: 'gateway' },
        require: false,
      });
    });

    it("asks a caller that supports timer but asked for none for the node's interval, the caller refreshing", () => {
      expect(answerAsUas(NODE, asked(undefined))).to.deep.include({
        terms: { intervalSeconds: 1800, refresher: 'peer' },
        sessionExpires: { seconds: 1800, refresher: 'uac' },
      });
    });

    it("refuses an interval below the node's Min-SE 422 (sections 6 and 8.1), naming the larger of both Min-SEs", () => {
      expect(answerAsUas(NODE, asked(30))).to.deep.equal({ kind: 'tooSmall', minSeconds: 90 });
      expect(answerAsUas(NODE, asked(30, undefined, true, 120))).to.deep.equal({ kind: 'tooSmall', minSeconds: 120 });
    });

    it('raises a too small interval of a caller that could not act on a 422 (no timer support) to the minimum', () => {
      expect(answerAsUas(NODE, asked(30, undefined, false))).to.deep.include({
        terms: { intervalSeconds: 90, refresher: 'gateway' },
      });
    });

    it("lowers a longer interval to the node's own, never below the caller's Min-SE", () => {
      expect(answerAsUas(NODE, asked(7200))).to.deep.include({ terms: { intervalSeconds: 1800, refresher: 'peer' } });
      expect(answerAsUas(NODE, asked(7200, 'uac', true, 3600))).to.deep.include({
        terms: { intervalSeconds: 3600, refresher: 'peer' },
      });
    });

    it('keeps the terms in force on a refresh that names no interval or refresher', () => {
      const current = { intervalSeconds: 90, refresher: 'gateway' as const };
      expect(answerAsUas(NODE, asked(undefined), current)).to.deep.include({ terms: current });
      expect(answerAsUas(NODE, asked(90), current)).to.deep.include({ terms: current });
      expect(answerAsUas(NODE, asked(90, 'uac'), current)).to.deep.include({
        terms: { intervalSeconds: 90, refresher: 'peer' },
      });
    });

    it('runs no timer on a node that has them off', () => {
      expect(answerAsUas({ ...NODE, enabled: false }, asked(30))).to.deep.equal({ kind: 'none' });
    });
  });

  describe('the gateway as UAC: the 2xx decides (section 7.2)', () => {
    it('refresher=uac makes the gateway the refresher, uas the far end, none the gateway', () => {
      expect(takeAsUac(NODE, { seconds: 90, refresher: 'uac' })).to.deep.equal({
        intervalSeconds: 90,
        refresher: 'gateway',
      });
      expect(takeAsUac(NODE, { seconds: 1800, refresher: 'uas' })).to.deep.equal({
        intervalSeconds: 1800,
        refresher: 'peer',
      });
      expect(takeAsUac(NODE, { seconds: 300, refresher: undefined })).to.deep.equal({
        intervalSeconds: 300,
        refresher: 'gateway',
      });
    });

    it('runs no timer after a 2xx without Session-Expires, or on a node that has them off', () => {
      expect(takeAsUac(NODE, undefined)).to.equal(undefined);
      expect(takeAsUac({ ...NODE, enabled: false }, { seconds: 90, refresher: 'uac' })).to.equal(undefined);
    });

    it("names the refresher of the gateway's own requests from its side (uac: the gateway)", () => {
      expect(requestSessionExpires({ intervalSeconds: 90, refresher: 'gateway' })).to.deep.equal({
        seconds: 90,
        refresher: 'uac',
      });
      expect(requestSessionExpires({ intervalSeconds: 90, refresher: 'peer' })).to.deep.equal({
        seconds: 90,
        refresher: 'uas',
      });
    });
  });

  describe('the deadlines (section 10)', () => {
    it('refreshes at half the interval; gives up at the interval less min(32 s, interval / 3) when the peer refreshes', () => {
      expect(refreshDelayMs({ intervalSeconds: 90, refresher: 'gateway' })).to.equal(45_000);
      expect(expiryDelayMs({ intervalSeconds: 90, refresher: 'peer' })).to.equal(60_000);
      expect(expiryDelayMs({ intervalSeconds: 1800, refresher: 'peer' })).to.equal(1_768_000);
      expect(expiryDelayMs({ intervalSeconds: 90, refresher: 'gateway' })).to.equal(90_000);
    });

    it('waits 2.1 to 4 s after a 491 on a dialog whose Call-ID it owns, 0 to 2 s otherwise (RFC 3261 section 14.1)', () => {
      expect(glareRetryMs(true, 0)).to.equal(2100);
      expect(glareRetryMs(true, 0.999999)).to.equal(4000);
      expect(glareRetryMs(false, 0)).to.equal(0);
      expect(glareRetryMs(false, 0.999999)).to.equal(2000);
      expect(glareRetryMs(true, 0.5) % 10).to.equal(0);
    });
  });
});
