import { expect } from 'chai';
import {
  codecImpairment,
  delayImpairment,
  effectiveEquipmentImpairment,
  estimatedOneWayDelayMs,
  G711_WITH_CONCEALMENT,
  G711_WITHOUT_CONCEALMENT,
  mediaMos,
  mosOfRating,
  transmissionRating,
} from '../../../../src/contexts/simulation/calls/domain/EModel.js';
import { meanOpinionScore } from '../../../../src/contexts/simulation/calls/domain/MediaQuality.js';

describe('the simplified E-model (ITU-T G.107)', () => {
  it('rates a perfect G.711 path R = 93.2, MOS 4.41 (the defaults of G.107)', () => {
    const r = transmissionRating(codecImpairment('PCMA'), 0, 0);
    expect(r).to.be.closeTo(93.2, 1e-9);
    expect(mosOfRating(r)).to.be.closeTo(4.41, 0.005);
  });

  it('maps R to MOS as G.107 Annex B does: R 80 → 4.02, 70 → 3.60, 50 → 2.58; under 0 → 1, over 100 → 4.5', () => {
    expect(mosOfRating(80)).to.be.closeTo(4.024, 0.001);
    expect(mosOfRating(70)).to.be.closeTo(3.597, 0.001);
    expect(mosOfRating(50)).to.be.closeTo(2.575, 0.001);
    expect(mosOfRating(-5)).to.equal(1);
    expect(mosOfRating(120)).to.equal(4.5);
    // the polynomial dips under 1 for small R: kept at 1
    expect(mosOfRating(3)).to.equal(1);
  });

  it('takes Ie and Bpl from G.113 Appendix I: G.711 0/25.1 with concealment, G.729A 11/19, G.723.1 15/16.1', () => {
    expect(codecImpairment('pcmu')).to.deep.equal({ ie: 0, bpl: 25.1 });
    expect(codecImpairment('G729')).to.deep.equal({ ie: 11, bpl: 19 });
    expect(codecImpairment('G723')).to.deep.equal({ ie: 15, bpl: 16.1 });
    expect(codecImpairment('something-else'), 'an unknown codec is rated as G.711').to.equal(G711_WITH_CONCEALMENT);
    // G.729A with no loss and no delay: R = 93.2 − 11 = 82.2, MOS 4.10
    expect(mosOfRating(transmissionRating(codecImpairment('G729'), 0, 0))).to.be.closeTo(4.104, 0.001);
  });

  it('Ie,eff = Ie + (95 − Ie)·Ppl/(Ppl + Bpl): half the packets lost take G.711 with concealment to R 29.95, MOS 1.61', () => {
    expect(effectiveEquipmentImpairment(G711_WITH_CONCEALMENT, 0)).to.equal(0);
    expect(effectiveEquipmentImpairment(G711_WITH_CONCEALMENT, 50)).to.be.closeTo((95 * 50) / 75.1, 1e-9);
    const r = transmissionRating(G711_WITH_CONCEALMENT, 50, 0);
    expect(r).to.be.closeTo(29.95, 0.01);
    expect(mosOfRating(r)).to.be.closeTo(1.607, 0.001);
    // every packet lost: Ie,eff = 95
    expect(effectiveEquipmentImpairment(G711_WITH_CONCEALMENT, 100)).to.be.closeTo(95 * (100 / 125.1), 1e-9);
  });

  it('rates G.711 without concealment at half the packets lost near MOS 1', () => {
    const r = transmissionRating(G711_WITHOUT_CONCEALMENT, 50, 0);
    expect(r).to.be.closeTo(5.72, 0.01);
    expect(mosOfRating(r)).to.equal(1);
  });

  it('Id = 0.024·Ta + 0.11·(Ta − 177.3) beyond 177.3 ms; the delay is 50 ms plus a jitter buffer of twice the jitter', () => {
    expect(delayImpairment(100)).to.be.closeTo(2.4, 1e-9);
    expect(delayImpairment(200)).to.be.closeTo(4.8 + 0.11 * 22.7, 1e-9);
    expect(estimatedOneWayDelayMs(0)).to.equal(50);
    expect(estimatedOneWayDelayMs(10)).to.equal(70);
    // G.711, no loss, 200 ms one way: R 85.90, MOS 4.23
    expect(mosOfRating(transmissionRating(G711_WITH_CONCEALMENT, 0, 200))).to.be.closeTo(4.226, 0.001);
  });

  it('mediaMos rounds to two decimals and falls with loss and jitter; synthetic calls get the same figure', () => {
    expect(mediaMos('PCMA', 0, 0)).to.equal(4.38); // 50 ms of delay: R 92.0
    expect(mediaMos('PCMA', 50, 0)).to.equal(1.56);
    expect(mediaMos('PCMA', 1, 20)).to.be.below(mediaMos('PCMA', 1, 0));
    expect(mediaMos('PCMA', 5, 8)).to.be.below(mediaMos('PCMA', 1, 8));
    for (const [codec, loss, jitter] of [
      ['PCMA', 0.5, 8],
      ['opus', 3, 20],
      ['G722', 0, 0],
    ] as const) {
      expect(meanOpinionScore(codec, loss, jitter)).to.equal(mediaMos(codec, loss, jitter));
    }
  });
});
