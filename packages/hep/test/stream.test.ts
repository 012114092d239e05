import { expect } from 'chai';
import { Hep3StreamReader, decodeHep3, encodeHep3 } from '../src/index.js';
import { INVITE, packet } from './samples.js';

describe('HEP3 over a stream: messages one after another, each as long as its header says', () => {
  const first = encodeHep3(packet({ payload: INVITE, correlationId: 'one' }));
  const second = encodeHep3(packet({ payload: 'SIP/2.0 100 Trying\r\n\r\n', correlationId: 'two' }));
  const stream = Buffer.concat([first, second]);

  it('answers both messages whatever the two cuts of the stream (a header cut too)', () => {
    for (let a = 0; a <= stream.length; a += 3) {
      for (let b = a; b <= stream.length; b += 7) {
        const reader = new Hep3StreamReader();
        const messages = [
          ...reader.push(stream.subarray(0, a)),
          ...reader.push(stream.subarray(a, b)),
          ...reader.push(stream.subarray(b)),
        ];
        expect(
          messages.map((m) => decodeHep3(m).correlationId),
          `${a}/${b}`,
        ).to.deep.equal(['one', 'two']);
        expect(reader.buffered).to.equal(0);
      }
    }
  });

  it('answers nothing until a message is whole, and keeps what it has of the next', () => {
    const reader = new Hep3StreamReader();
    expect(reader.push(first.subarray(0, 5))).to.deep.equal([]);
    expect(reader.push(first.subarray(5, first.length - 1))).to.deep.equal([]);
    const [whole] = reader.push(Buffer.concat([first.subarray(first.length - 1), second.subarray(0, 10)]));
    expect(whole).to.deep.equal(first);
    expect(reader.buffered).to.equal(10);
  });

  it('gives up on a stream that lost its framing', () => {
    const reader = new Hep3StreamReader();
    expect(() => reader.push(Buffer.concat([first, Buffer.from('GET / HTTP/1.1\r\n')]))).to.throw(RangeError, /HEP3/);
    const zero = Buffer.from(first);
    zero.writeUInt16BE(2, 4);
    expect(() => new Hep3StreamReader().push(zero)).to.throw(RangeError, /2 bytes long/);
  });
});
