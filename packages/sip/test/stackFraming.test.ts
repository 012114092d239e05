import { expect } from 'chai';
import { StreamFramer, type Frame } from '../src/index.js';

const OPTIONS =
  'OPTIONS sip:b@127.0.0.1 SIP/2.0\r\nVia: SIP/2.0/TCP 127.0.0.1:5060;branch=z9hG4bK1\r\n' +
  'From: <sip:a@127.0.0.1>;tag=1\r\nTo: <sip:b@127.0.0.1>\r\nCall-ID: c1\r\nCSeq: 1 OPTIONS\r\n';
const withBody = (body: string): string =>
  `${OPTIONS}Content-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

function texts(frames: Frame[]): string[] {
  return frames.map((f) => (f.kind === 'message' ? f.bytes.toString('utf8') : `fatal ${f.status}`));
}

describe('SIP stream framing', () => {
  it('cuts a message delivered byte by byte, body by Content-Length in bytes', () => {
    const message = withBody('héllo ünïcode');
    const framer = new StreamFramer(65535);
    const frames: Frame[] = [];
    for (const byte of Buffer.from(message)) frames.push(...framer.push(Buffer.from([byte])));
    expect(texts(frames)).to.deep.equal([message]);
  });

  it('cuts coalesced messages and skips CRLF keep-alives between them', () => {
    const a = withBody('first');
    const b = `${OPTIONS}l: 0\r\n\r\n`;
    const framer = new StreamFramer(65535);
    const frames = framer.push(Buffer.from(`\r\n\r\n${a}\r\n\r\n${b}${a.slice(0, 10)}`));
    expect(texts(frames)).to.deep.equal([a, b]);
    expect(texts(framer.push(Buffer.from(a.slice(10))))).to.deep.equal([a]);
    expect(framer.push(Buffer.from('\r\n\r\n'))).to.deep.equal([]);
  });

  it('ends the stream at a head without Content-Length, or a malformed one', () => {
    expect(texts(new StreamFramer(65535).push(Buffer.from(`${OPTIONS}\r\n`)))).to.deep.equal(['fatal 400']);
    expect(texts(new StreamFramer(65535).push(Buffer.from(`${OPTIONS}Content-Length: 1x\r\n\r\n`)))).to.deep.equal([
      'fatal 400',
    ]);
    const framer = new StreamFramer(65535);
    const frames = framer.push(Buffer.from(`${withBody('ok')}${OPTIONS}\r\n${withBody('lost')}`));
    expect(texts(frames)).to.deep.equal([withBody('ok'), 'fatal 400']);
    expect(framer.push(Buffer.from(withBody('later')))).to.deep.equal([]);
  });

  it('ends the stream at a message over the limit, or headers that never end', () => {
    const big = new StreamFramer(1000).push(Buffer.from(withBody('x'.repeat(1000))));
    expect(texts(big)).to.deep.equal(['fatal 513']);
    expect((big[0] as { bytes: Buffer }).bytes.toString()).to.match(/^OPTIONS .*\r\n\r\n$/s);
    const framer = new StreamFramer(1000);
    expect(framer.push(Buffer.from(OPTIONS))).to.deep.equal([]);
    expect(texts(framer.push(Buffer.alloc(1000, 'a')))).to.deep.equal(['fatal 513']);
  });
});
