import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import type { JournalEntry } from '../../../src/contexts/control/journal/domain/JournalEntry.js';
import { JournalQuery } from '../../../src/contexts/control/journal/domain/JournalQuery.js';
import { JournalRing } from '../../../src/contexts/control/journal/domain/JournalRing.js';

const T0 = Date.parse('2026-03-01T08:00:00Z');

function entry(sequence: number, over: Partial<JournalEntry> = {}): JournalEntry {
  return {
    sequence,
    time: new Date(T0 + sequence * 1000),
    method: 'GET',
    path: `/api/op${sequence}/get`,
    operation: `op${sequence}/get`,
    status: 200,
    user: 'anadmin',
    latencyMs: 1,
    requestId: `r${sequence}`,
    fault: undefined,
    gatewayFaults: undefined,
    ...over,
  };
}

const all = (limit = 10_000) => JournalQuery.create({ limit });

describe('the request journal (domain)', () => {
  it('keeps at most its capacity, newest last, counting what it pushed out', () => {
    const ring = new JournalRing(3);
    for (let i = 1; i <= 7; i++) ring.add(entry(i));
    expect(ring.size).to.equal(3);
    expect(ring.dropped).to.equal(4);
    expect(ring.find(all()).map((e) => e.sequence)).to.deep.equal([5, 6, 7]);
    ring.add(entry(8));
    expect(ring.find(all()).map((e) => e.sequence)).to.deep.equal([6, 7, 8]);
    ring.clear();
    expect(ring.find(all())).to.deep.equal([]);
    expect(ring.dropped).to.equal(0);
    ring.add(entry(9));
    expect(ring.find(all()).map((e) => e.sequence)).to.deep.equal([9]);
  });

  it('answers the newest matches up to the limit, oldest first', () => {
    const ring = new JournalRing(100);
    for (let i = 1; i <= 10; i++) ring.add(entry(i));
    expect(ring.find(all(3)).map((e) => e.sequence)).to.deep.equal([8, 9, 10]);
    expect(ring.find(JournalQuery.create({})).length).to.equal(10);
  });

  it('filters by method, path prefix or glob, status or status class, and arrival', () => {
    const ring = new JournalRing(100);
    ring.add(entry(1, { method: 'POST', path: '/api/users/add', status: 400 }));
    ring.add(entry(2, { path: '/api/nodes/get', status: 503 }));
    ring.add(entry(3, { path: '/api/nodes/get', status: undefined }));
    ring.add(entry(4, { path: '/app/monitor/x', status: 200 }));
    const seq = (input: Parameters<typeof JournalQuery.create>[0]) =>
      ring.find(JournalQuery.create(input)).map((e) => e.sequence);
    expect(seq({ method: 'post' })).to.deep.equal([1]);
    expect(seq({ path: '/api/nodes' })).to.deep.equal([2, 3]);
    expect(seq({ path: '/a*/get' })).to.deep.equal([2, 3]);
    expect(seq({ path: '/api/????s/*' })).to.deep.equal([1, 2, 3]);
    expect(seq({ status: '503' })).to.deep.equal([2]);
    expect(seq({ status: '4XX' })).to.deep.equal([1]);
    expect(seq({ status: '2xx' })).to.deep.equal([4]);
    expect(seq({ since: new Date(T0 + 3000) })).to.deep.equal([3, 4]);
    expect(seq({ method: 'GET', path: '/api/', status: '5xx', since: new Date(T0) })).to.deep.equal([2]);
  });

  it('refuses a bad filter naming it', () => {
    const fieldOf = (input: Parameters<typeof JournalQuery.create>[0]) => {
      try {
        JournalQuery.create(input);
      } catch (error) {
        return (error as DomainError).details.map((d) => d.field);
      }
      return [];
    };
    expect(fieldOf({ limit: 0 })).to.deep.equal(['limit']);
    expect(fieldOf({ limit: 10_001 })).to.deep.equal(['limit']);
    expect(fieldOf({ status: '600' })).to.deep.equal(['status']);
    expect(fieldOf({ status: '5x' })).to.deep.equal(['status']);
    expect(fieldOf({ path: 'api' })).to.deep.equal(['path']);
    expect(fieldOf({ method: 'G E T' })).to.deep.equal(['method']);
  });
});
