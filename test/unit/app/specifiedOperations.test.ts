import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { OPERATIONS } from '../../../src/app/operations.js';
import { SPECIFIED_OPERATIONS } from '../../../src/app/specifiedOperations.js';
import { JSON_LIMITS } from '../../../src/app/http/jsonGuard.js';

const ROOT = path.resolve(__dirname, '../../../..');
const BEGIN = '<!-- operations:begin -->';
const END = '<!-- operations:end -->';

/** The block of docs/api.md listing what is served and what answers 501, per area of the specification, from the table. */
export function operationsBlock(): string {
  const served = new Set(OPERATIONS.map((op) => `${op.method} ${op.path}`));
  const areas = [...new Set(SPECIFIED_OPERATIONS.map((op) => op.area))];
  const rows = areas.map((area) => {
    const all = SPECIFIED_OPERATIONS.filter((op) => op.area === area);
    const count = all.filter((op) => served.has(`${op.method} ${op.path}`)).length;
    return `  | ${area} | ${count} of ${all.length} | ${all.length - count === 0 ? '—' : String(all.length - count)} |`;
  });
  const total = SPECIFIED_OPERATIONS.filter((op) => served.has(`${op.method} ${op.path}`)).length;
  return [
    BEGIN,
    `- **What is simulated.** ${total} of the specification's ${SPECIFIED_OPERATIONS.length} operations are served. Every other`,
    '  operation of the specification answers `501` with code `NOT_SIMULATED`, naming the operation and its area; a',
    '  path that is no operation at all (a typo) stays a `404 NO_SUCH_OPERATION`.',
    `- **Hostile input is refused at the edge with a 400.** A JSON body may nest at most ${JSON_LIMITS.depth} levels`,
    `  (\`JSON_TOO_DEEP\`, naming the field path) and hold at most ${JSON_LIMITS.keys.toLocaleString('en')} keys in all (\`TOO_MANY_KEYS\`; a form at most as many`,
    '  fields); malformed JSON is `MALFORMED_JSON` with its line and column; a string with a lone UTF-16 surrogate',
    '  (`LONE_SURROGATE`) or bytes that are not UTF-8 (`MALFORMED_ENCODING`) in a body, form field or query parameter',
    '  is refused naming the field; a field the operation does not take is `UNKNOWN_FIELD`. A body sent to an',
    '  operation that takes none is read (up to 64 KiB) and must arrive whole before the operation acts.',
    '',
    '  | area of the specification | served | not simulated yet (501) |',
    '  |---|---|---|',
    ...rows,
    END,
  ].join('\n');
}

describe("the specification's operation list", () => {
  it("is kept as runtime data equal to the specification's list (test/support/operations.tsv)", () => {
    const tsv = readFileSync(path.join(ROOT, 'test/support/operations.tsv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t'))
      .map(([area, method, opPath, version]) => ({ area, method, path: opPath, version: Number(version) }));
    expect(SPECIFIED_OPERATIONS.map((op) => ({ ...op }))).to.deep.equal(tsv);
  });

  it('is what the block of docs/api.md lists, per area with counts (WRITE_README_OPERATIONS=1 rewrites the block)', () => {
    const readmePath = path.join(ROOT, 'docs', 'api.md');
    const readme = readFileSync(readmePath, 'utf8');
    const begin = readme.indexOf(BEGIN);
    const end = readme.indexOf(END);
    const expected = operationsBlock();
    if (process.env['WRITE_README_OPERATIONS'] && begin >= 0 && end > begin) {
      writeFileSync(readmePath, readme.slice(0, begin) + expected + readme.slice(end + END.length));
      return;
    }
    expect(begin, 'docs/api.md has the operations block').to.be.at.least(0);
    expect(
      readme.slice(begin, end + END.length),
      `the block of docs/api.md is stale; run WRITE_README_OPERATIONS=1 npx mocha ${path.relative(ROOT, __filename)}`,
    ).to.equal(expected);
  });
});
