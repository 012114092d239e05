import { expect } from 'chai';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import { ENCODED_MESSAGE_KEYS, MessageRows } from '../../../src/contexts/monitoring/history/application/MessageRows.js';
import { messageBytes, storedMessage } from '../../../src/contexts/monitoring/history/domain/StoredMessage.js';
import { textSafeJson } from '../../../src/contexts/monitoring/history/infrastructure/persistence/monitorRows.js';
import { MonitorRecordMother } from '../../support/MonitorRecordMother.js';

const A = 'lab-a' as LabId;
const B = 'lab-b' as LabId;

describe('MessageRows (SIP messages waiting for the store, as JSON outside the heap)', () => {
  const messages = MonitorRecordMother.messages('s1');

  it('gives back every row it was given, in order, with its lab, its cut and what it costs the store', () => {
    const rows = new MessageRows();
    messages.forEach((m, i) => rows.add(i % 2 === 0 ? A : B, m, 100));
    expect(rows.length).to.equal(messages.length);
    expect(rows.labs().sort()).to.deep.equal([A, B]);
    const decoded = rows.rows();
    expect(decoded.map((r) => r.lab)).to.deep.equal(messages.map((_, i) => (i % 2 === 0 ? A : B)));
    expect(decoded.map((r) => r.row)).to.deep.equal(messages.map((m) => storedMessage(m, 100)));
    const json = JSON.parse(rows.json()) as Record<string, unknown>[];
    expect(Object.keys(json[0]!)).to.deep.equal([...ENCODED_MESSAGE_KEYS]);
    expect(json.map((r) => r['storedBytes'])).to.deep.equal(messages.map((m) => messageBytes(storedMessage(m, 100))));
  });

  it('keeps any text exactly: quotes, backslashes, control characters, NUL, lone surrogates, characters beyond the BMP', () => {
    const text =
      'INVITE sip:a@b SIP/2.0\r\nX-Odd: "q" \\ \\u0000 \t é ☎ \u{1F4DE}\r\nX-Bad: a\u0000b \uD800c \uDFFF\r\n\r\n';
    const rows = new MessageRows();
    rows.add(A, { ...messages[0]!, message: text }, 16384);
    expect(rows.rows()[0]!.row.message).to.equal(text);
    expect(rows.rows()[0]!.row.messageLength).to.equal(text.length);
  });

  it('grows past its first buffer without losing a row', () => {
    const rows = new MessageRows();
    const long = { ...messages[0]!, message: `${messages[0]!.message}${'x'.repeat(40_000)}` };
    for (let i = 0; i < 50; i++) rows.add(A, { ...long, timestampMicros: i }, 65_536);
    expect(rows.rows().map((r) => r.row.timestampMicros)).to.deep.equal(Array.from({ length: 50 }, (_, i) => i));
    expect(rows.rows()[49]!.row.message).to.equal(long.message);
  });

  it('drops the oldest rows first and answers how many went', () => {
    const rows = new MessageRows();
    messages.forEach((m) => rows.add(A, m, 16384));
    expect(rows.dropOldest(2)).to.equal(2);
    expect(rows.rows().map((r) => r.row.timestampMicros)).to.deep.equal(
      messages.slice(2).map((m) => m.timestampMicros),
    );
    expect(rows.dropOldest(100)).to.equal(messages.length - 2);
    expect(rows.length).to.equal(0);
    expect(rows.json()).to.equal('[]');
    rows.add(B, messages[0]!, 16384);
    expect(rows.rows()).to.deep.equal([{ lab: B, row: storedMessage(messages[0]!, 16384) }]);
  });

  it('keeps only the labs asked for, in order', () => {
    const rows = new MessageRows();
    messages.forEach((m, i) => rows.add(i < 3 ? A : B, m, 16384));
    rows.dropOldest(1);
    expect(rows.only(() => true)).to.equal(rows);
    const onlyB = rows.only((lab) => lab === B);
    expect(onlyB.rows().map((r) => r.row.timestampMicros)).to.deep.equal(
      messages.slice(3).map((m) => m.timestampMicros),
    );
    expect(
      rows
        .only((lab) => lab === A)
        .rows()
        .map((r) => r.row.timestampMicros),
    ).to.deep.equal(messages.slice(1, 3).map((m) => m.timestampMicros));
    expect(rows.only(() => false).length).to.equal(0);
  });

  it('cuts a range of rows as one JSON array', () => {
    const rows = new MessageRows();
    messages.forEach((m) => rows.add(A, m, 16384));
    rows.dropOldest(1);
    const middle = JSON.parse(rows.json(1, 3)) as { timestampMicros: number }[];
    expect(middle.map((r) => r.timestampMicros)).to.deep.equal(messages.slice(2, 4).map((m) => m.timestampMicros));
    expect(JSON.parse(rows.json(4, 100))).to.have.length(messages.length - 5);
    expect(rows.json(3, 3)).to.equal('[]');
  });

  it('reads ranges in place and leaves the rows as they were, whichever range was read before', () => {
    const rows = new MessageRows();
    messages.forEach((m) => rows.add(A, m, 16384));
    const whole = rows.json();
    const stamps = (json: string) => (JSON.parse(json) as { timestampMicros: number }[]).map((r) => r.timestampMicros);
    expect(stamps(rows.json(0, 1))).to.deep.equal([messages[0]!.timestampMicros]);
    expect(stamps(rows.json(1, 2))).to.deep.equal([messages[1]!.timestampMicros]);
    expect(stamps(rows.json(2, messages.length))).to.deep.equal(messages.slice(2).map((m) => m.timestampMicros));
    expect(rows.json()).to.equal(whole);
    expect(rows.rows().map((r) => r.row)).to.deep.equal(messages.map((m) => storedMessage(m, 16384)));
  });

  it('says whether a row may hold a \\u escape: none for plain SIP, one for NUL or a lone surrogate, kept by only, gone with the rows', () => {
    const rows = new MessageRows();
    messages.forEach((m) => rows.add(A, m, 16384));
    expect(rows.mayHoldUnicodeEscapes).to.equal(false);
    rows.add(B, { ...messages[0]!, message: 'X-Nul: a\u0000b\r\n' }, 16384);
    expect(rows.mayHoldUnicodeEscapes).to.equal(true);
    expect(rows.only((lab) => lab === A).mayHoldUnicodeEscapes).to.equal(false);
    expect(rows.only((lab) => lab === B).mayHoldUnicodeEscapes).to.equal(true);
    rows.dropOldest(rows.length);
    expect(rows.mayHoldUnicodeEscapes).to.equal(false);
    rows.add(A, { ...messages[0]!, message: 'X-Half: \uD800\r\n' }, 16384);
    expect(rows.mayHoldUnicodeEscapes).to.equal(true);
  });
});

describe('textSafeJson (JSON for PostgreSQL text)', () => {
  const roundTrip = (value: string) => (JSON.parse(textSafeJson(JSON.stringify({ value }))) as { value: string }).value;

  it('turns NUL and lone surrogates into U+FFFD and leaves everything else as it was', () => {
    expect(roundTrip('a\u0000b')).to.equal('a\uFFFDb');
    expect(roundTrip('x\uD800y\uDC00z')).to.equal('x\uFFFDy\uFFFDz');
    expect(roundTrip('pair \u{1F4DE} ok')).to.equal('pair \u{1F4DE} ok');
    expect(roundTrip('\r\n\t"quoted"')).to.equal('\r\n\t"quoted"');
  });

  it('leaves a backslash followed by the text u0000 alone', () => {
    expect(roundTrip('\\u0000')).to.equal('\\u0000');
    expect(roundTrip('\\\\u0000 and \\ud800')).to.equal('\\\\u0000 and \\ud800');
    expect(roundTrip('\\\u0000')).to.equal('\\\uFFFD');
  });

  it('answers the same text when there is nothing to change', () => {
    const json = JSON.stringify({ message: 'INVITE sip:a@b SIP/2.0\r\n\r\n' });
    expect(textSafeJson(json)).to.equal(json);
  });
});
