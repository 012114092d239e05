import { HEP3_HEADER_LENGTH } from './hep3.js';

/**
 * HEP3 over a stream (TCP, TLS): messages follow one another with nothing between them, each as long as its header
 * says (the 16 bits after `HEP3`), which is how a collector such as heplify-server reads them. The reader takes the
 * stream's chunks as they arrive (a message cut anywhere, several in one chunk) and answers the whole messages, in
 * order; a stream that does not start a message with `HEP3`, or a length shorter than the header, cannot be read on
 * (a RangeError; the connection should close).
 */
export class Hep3StreamReader {
  private pending: Buffer = Buffer.alloc(0);

  /** The messages the bytes received so far complete. */
  push(bytes: Uint8Array): Buffer[] {
    this.pending = this.pending.length === 0 ? Buffer.from(bytes) : Buffer.concat([this.pending, bytes]);
    const messages: Buffer[] = [];
    while (this.pending.length >= HEP3_HEADER_LENGTH) {
      if (this.pending.toString('latin1', 0, 4) !== 'HEP3')
        throw new RangeError('the HEP3 stream lost its framing: a message does not start with HEP3');
      const length = this.pending.readUInt16BE(4);
      if (length < HEP3_HEADER_LENGTH) throw new RangeError(`a HEP3 message says it is ${length} bytes long`);
      if (this.pending.length < length) break;
      messages.push(Buffer.from(this.pending.subarray(0, length)));
      this.pending = this.pending.subarray(length);
    }
    return messages;
  }

  /** Bytes of a message not complete yet. */
  get buffered(): number {
    return this.pending.length;
  }
}
