import { isTokenChar, isWsp } from './chars.js';

/** A header value or URI that does not follow the grammar of RFC 3261 section 25. */
export class SipSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SipSyntaxError';
  }
}

/**
 * A cursor over one header value (folded lines already joined, so LWS is spaces and tabs). The separators of RFC
 * 3261 section 25.1 (SEMI, EQUAL, COLON, SLASH, COMMA, LAQUOT...) allow whitespace on both sides: `sep` reads them so.
 */
export class Scanner {
  pos = 0;

  constructor(
    readonly text: string,
    readonly what: string,
  ) {}

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  peek(): string {
    return this.text.charAt(this.pos);
  }

  /** Skips whitespace; whether there was any. */
  ws(): boolean {
    const start = this.pos;
    while (this.pos < this.text.length && isWsp(this.text.charCodeAt(this.pos))) this.pos++;
    return this.pos > start;
  }

  eat(ch: string): boolean {
    if (this.text.charAt(this.pos) !== ch) return false;
    this.pos++;
    return true;
  }

  /** SWS ch SWS: consumed when `ch` is next after optional whitespace; nothing is consumed otherwise. */
  sep(ch: string): boolean {
    const start = this.pos;
    this.ws();
    if (this.eat(ch)) {
      this.ws();
      return true;
    }
    this.pos = start;
    return false;
  }

  expect(ch: string, what: string): void {
    if (!this.eat(ch)) this.fail(`expected ${what}`);
  }

  /** 1*token characters, or '' when the next character is not one. */
  token(): string {
    const start = this.pos;
    while (this.pos < this.text.length && isTokenChar(this.text.charCodeAt(this.pos))) this.pos++;
    return this.text.slice(start, this.pos);
  }

  /** A token that must be there. */
  needToken(what: string): string {
    const t = this.token();
    if (t === '') this.fail(`expected ${what}`);
    return t;
  }

  /** Characters up to (not including) the first one `stop` accepts, or to the end. */
  until(stop: (ch: string) => boolean): string {
    const start = this.pos;
    while (this.pos < this.text.length && !stop(this.text.charAt(this.pos))) this.pos++;
    return this.text.slice(start, this.pos);
  }

  /**
   * A quoted-string at the cursor: `raw` as written (quotes included), `text` with the quotes removed and each
   * quoted-pair replaced by the character it escapes. Unterminated → error.
   */
  quoted(): { raw: string; text: string } {
    const start = this.pos;
    this.expect('"', 'a quoted string');
    let text = '';
    while (this.pos < this.text.length) {
      const ch = this.text.charAt(this.pos++);
      if (ch === '"') return { raw: this.text.slice(start, this.pos), text };
      if (ch === '\\') {
        if (this.pos >= this.text.length) break;
        text += this.text.charAt(this.pos++);
      } else text += ch;
    }
    this.pos = start;
    return this.fail('unterminated quoted string');
  }

  /** The rest of the text after optional whitespace must be empty. */
  end(): void {
    this.ws();
    if (!this.atEnd()) this.fail(`unexpected ${JSON.stringify(this.peek())}`);
  }

  fail(why: string): never {
    throw new SipSyntaxError(`${this.what}: ${why} at offset ${this.pos} of ${JSON.stringify(this.text)}`);
  }
}
