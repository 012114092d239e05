import { expect } from 'chai';
import { flowRows, flowSteps, renderHtml, renderTextFlow, type FlowNote } from '../src/index.js';
import { basicCall, T0 } from './exchange.js';

/** Two DTMF digits of the call: the caller's at 10 s, the gateway's side's at 20 s (given out of order). */
const NOTES: FlowNote[] = [
  { timestampMicros: T0 + 20_000_000, at: '192.0.2.20:5060', text: 'DTMF # (SIP INFO)' },
  { timestampMicros: T0 + 10_000_000, at: '192.0.2.10:5060', text: 'DTMF 5 (RFC 4733)' },
];

describe('renderers: notes in the ladder (rows that are no message)', () => {
  it('puts the notes among the steps in time order, after the steps of the same instant', () => {
    const steps = flowSteps(basicCall());
    const rows = flowRows(steps, [...NOTES, { timestampMicros: steps[0]!.timestampMicros, text: 'first' }]);
    expect(rows.map((r) => (r.kind === 'step' ? r.n : r.note.text))).to.deep.equal([
      0,
      'first',
      1,
      2,
      3,
      4,
      'DTMF 5 (RFC 4733)',
      'DTMF # (SIP INFO)',
      5,
      6,
    ]);
  });

  it('draws a note as a line of its own in the text ladder, beside its lane', () => {
    expect(renderTextFlow(basicCall(), { notes: NOTES })).to.equal(
      [
        'UTC           192.0.2.10:5060     192.0.2.20:5060',
        '                     |                   |',
        '07:30:00.000         |---INVITE (SDP)--->|',
        '07:30:00.002         |<----100 Trying----|',
        '07:30:00.120         |<---180 Ringing----|',
        '07:30:03.250         |<---200 OK (SDP)---|',
        '07:30:03.261         |--------ACK------->|',
        '07:30:10.000         | [DTMF 5 (RFC 4733)]',
        '07:30:20.000         |                   | [DTMF # (SIP INFO)]',
        '07:31:03.000         |<-------BYE--------|',
        '07:31:03.004         |------200 OK------>|',
        '',
      ].join('\n'),
    );
  });

  it('leaves the ladder as it was without notes', () => {
    expect(renderTextFlow(basicCall(), { notes: [] })).to.equal(renderTextFlow(basicCall()));
    expect(renderHtml(basicCall(), { notes: [] })).to.equal(renderHtml(basicCall()));
  });

  it('draws a note in the HTML ladder as a row with a dot on its lane, the arrows keeping their numbers', () => {
    const page = renderHtml(basicCall(), { notes: NOTES });
    expect(page.match(/<g class="note">/g)).to.have.length(2);
    expect(page).to.include('DTMF 5 (RFC 4733)</text></g>');
    expect(page.match(/<a class="arrow/g)).to.have.length(7);
    expect(page).to.include('id="step-7" href="#msg-7"');
    // nine rows: the two notes take the sixth and seventh, the BYE moves to the eighth
    const byeRow = /<text class="time" x="8" y="(\d+)">07:31:03.000<\/text>/.exec(page);
    expect(Number(byeRow?.[1])).to.equal(56 + 7 * 30 + 15 + 4);
  });

  it('puts a note of an unknown lane at the first lane', () => {
    const text = renderTextFlow(basicCall(), { notes: [{ timestampMicros: T0 + 1, at: 'elsewhere', text: 'x' }] });
    expect(text.split('\n')[3]).to.equal('07:30:00.000         | [x]               |');
  });
});
