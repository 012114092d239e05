import { expect } from 'chai';
import {
  formatSessionExpires,
  minSeOf,
  parseMinSe,
  parseSessionExpires,
  parseSip,
  sessionExpiresOf,
  supportsSessionTimer,
} from '../src/index.js';

function invite(...headers: string[]) {
  return parseSip(
    [
      'INVITE sip:bob@192.0.2.20 SIP/2.0',
      'Via: SIP/2.0/UDP 192.0.2.10:5060;branch=z9hG4bKst1',
      'From: <sip:alice@192.0.2.10>;tag=a1',
      'To: <sip:bob@192.0.2.20>',
      'Call-ID: st-1',
      'CSeq: 1 INVITE',
      'Contact: <sip:alice@192.0.2.10>',
      'Max-Forwards: 70',
      ...headers,
      'Content-Length: 0',
      '',
      '',
    ].join('\r\n'),
  );
}

describe('session timer header fields (RFC 4028 sections 4 and 5)', () => {
  it('reads Session-Expires with and without its refresher parameter, generic parameters beside it', () => {
    expect(parseSessionExpires('1800')).to.deep.equal({ seconds: 1800, refresher: undefined });
    expect(parseSessionExpires(' 90 ; refresher = UAS ')).to.deep.equal({ seconds: 90, refresher: 'uas' });
    expect(parseSessionExpires('4000;foo=bar;refresher=uac')).to.deep.equal({ seconds: 4000, refresher: 'uac' });
    expect(parseSessionExpires('600;refresher=proxy')).to.deep.equal({ seconds: 600, refresher: undefined });
  });

  it('refuses a value that is not delta-seconds and caps a huge one at 2^32-1 (RFC 3261 section 25.1)', () => {
    expect(parseSessionExpires('abc')).to.equal(undefined);
    expect(parseSessionExpires('-5;refresher=uac')).to.equal(undefined);
    expect(parseSessionExpires('')).to.equal(undefined);
    expect(parseSessionExpires('99999999999999')).to.deep.equal({ seconds: 0xffffffff, refresher: undefined });
    expect(parseMinSe('90;x=1')).to.equal(90);
    expect(parseMinSe('ninety')).to.equal(undefined);
  });

  it('finds the headers in a message, the compact form x too, and whether it supports timer', () => {
    const full = invite('Supported: 100rel, timer', 'Session-Expires: 90;refresher=uac', 'Min-SE: 90');
    expect(sessionExpiresOf(full)).to.deep.equal({ seconds: 90, refresher: 'uac' });
    expect(minSeOf(full)).to.equal(90);
    expect(supportsSessionTimer(full)).to.equal(true);
    const compact = invite('k: 100rel', 'x: 1800');
    expect(sessionExpiresOf(compact)).to.deep.equal({ seconds: 1800, refresher: undefined });
    expect(minSeOf(compact)).to.equal(undefined);
    expect(supportsSessionTimer(compact)).to.equal(false);
    expect(supportsSessionTimer(invite('Require: timer'))).to.equal(true);
  });

  it('writes Session-Expires with the refresher when it names one', () => {
    expect(formatSessionExpires({ seconds: 1800, refresher: undefined })).to.equal('1800');
    expect(formatSessionExpires({ seconds: 90, refresher: 'uas' })).to.equal('90;refresher=uas');
  });
});
