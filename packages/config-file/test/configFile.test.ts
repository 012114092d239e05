import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import {
  ConfigFileError,
  decodeConfigFile,
  encodeConfigFile,
  inspectConfigFile,
  type ConfigFileObject,
} from '../src/index.js';

const A = '3f1c0a9e-1b2c-4d5e-8f90-a1b2c3d4e5f6';
const B = '0b6e7c7a-2222-4333-8444-555566667777';

function object(overrides: Partial<ConfigFileObject> = {}): ConfigFileObject {
  return {
    id: A,
    sort: 'IN_STACK',
    displayName: 'eth0',
    parameters: { interface: 'eth0', addresses: [{ ip: '192.0.2.10', prefix: 24 }] },
    references: {},
    common: { comment: '', visible: true, protected: false, trMark: false },
    note: '',
    metadata: {},
    ...overrides,
  };
}

function raw(document: unknown): Buffer {
  return Buffer.from(JSON.stringify(document));
}

function problemsOf(content: Buffer, sorts?: string[]): string[] {
  try {
    decodeConfigFile(content, sorts ? { sorts } : {});
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigFileError);
    return (error as ConfigFileError).problems.map((p) => `${p.path}: ${p.message}`);
  }
  throw new Error('the file was accepted');
}

const valid = { format: 'gwsim-config', formatVersion: 1, exportedAt: '2026-03-01T08:00:00.000Z', objects: [object()] };

describe('config-file', () => {
  it('reads back exactly what it wrote, compressed and plain', () => {
    const objects = [
      object(),
      object({ id: B, sort: 'HTTP_SERVER', displayName: 'REST', references: { networkController: [A] }, note: 'n' }),
    ];
    const input = { exportedAt: new Date('2026-03-01T08:00:00Z'), generator: 'gwsim test', objects };
    for (const compress of [true, false]) {
      const document = decodeConfigFile(encodeConfigFile(input, { compress }));
      expect(document.formatVersion).to.equal(1);
      expect(document.exportedAt).to.equal('2026-03-01T08:00:00.000Z');
      expect(document.generator).to.equal('gwsim test');
      expect(document.objects).to.deep.equal(objects);
    }
  });

  it('writes gzip by default and plain JSON on request', () => {
    const input = { exportedAt: new Date(), objects: [object()] };
    expect([...encodeConfigFile(input).subarray(0, 2)]).to.deep.equal([0x1f, 0x8b]);
    expect(JSON.parse(encodeConfigFile(input, { compress: false }).toString('utf8')).format).to.equal('gwsim-config');
  });

  it('fills left-out optional members with their defaults and canonicalises compact ids', () => {
    const compact = A.replace(/-/g, '').toUpperCase();
    const document = decodeConfigFile(
      raw({ ...valid, objects: [{ id: compact, sort: 'IN_STACK', displayName: ' lo ' }] }),
    );
    expect(document.objects[0]).to.deep.equal({
      id: A,
      sort: 'IN_STACK',
      displayName: 'lo',
      parameters: {},
      references: {},
      common: { comment: '', visible: true, protected: false, trMark: false },
      note: '',
      metadata: {},
    });
  });

  it('refuses an empty file, damaged gzip and text that is not JSON', () => {
    expect(problemsOf(Buffer.alloc(0))[0]).to.contain('the file is empty');
    expect(problemsOf(gzipSync(Buffer.from('{"a":1}')).subarray(0, 12))[0]).to.contain('cannot be decompressed');
    expect(problemsOf(Buffer.from('not json'))[0]).to.contain('neither gzip-compressed nor plain JSON');
  });

  it('refuses a gzip bomb beyond the size limit', () => {
    const big = gzipSync(Buffer.alloc(2 * 1024 * 1024, 0x20));
    expect(() => decodeConfigFile(big, { maxBytes: 1024 * 1024 })).to.throw(ConfigFileError, /more than 1048576 bytes/);
  });

  it('refuses more objects than its limit before reading any of them', () => {
    const objects = Array.from({ length: 11 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      sort: 'IN_STACK',
      displayName: `n${i}`,
    }));
    expect(() => decodeConfigFile(raw({ ...valid, objects }), { maxObjects: 10 })).to.throw(
      ConfigFileError,
      /holds 11 objects; at most 10/,
    );
    expect(
      decodeConfigFile(raw({ ...valid, objects: objects.slice(0, 10) }), { maxObjects: 10 }).objects,
    ).to.have.length(10);
  });

  it('refuses documents of another format and unknown format versions', () => {
    expect(problemsOf(raw([1, 2]))[0]).to.contain('must be a JSON object');
    expect(problemsOf(raw({ ...valid, format: 'gwsim-objects' }))[0]).to.match(
      /^format: this is not a gwsim configuration file/,
    );
    expect(problemsOf(raw({ ...valid, formatVersion: 2 }))[0]).to.equal(
      'formatVersion: format version 2 is not supported; this simulator reads version 1',
    );
    expect(problemsOf(raw({ ...valid, formatVersion: '1' }))[0]).to.match(/^formatVersion: must be an integer/);
  });

  it('names the object and field of every problem it finds', () => {
    const problems = problemsOf(
      raw({
        ...valid,
        exportedAt: 'yesterday',
        extra: true,
        objects: [
          object(),
          { ...object({ id: 'nope', displayName: '' }), colour: 'red' },
          object({ id: B, sort: 'lower', common: { visible: 'yes' } as never, references: { node: ['x'] } }),
          'text',
        ],
      }),
    );
    expect(problems).to.include.members([
      'extra: is not a member of a version 1 configuration file',
      'exportedAt: must be an ISO-8601 instant such as 2026-03-01T08:00:00Z, got string "yesterday"',
      'objects[1].colour: is not a member of a configuration object',
      'objects[1].id: must be an object id (36-character hyphenated or 32 hexadecimal characters), got string "nope"',
      'objects[1].displayName: must be a non-empty string, got string ""',
      'objects[2].sort: must be a sort name such as IN_STACK, got string "lower"',
      'objects[2].common.visible: must be true or false, got string "yes"',
      'objects[2].references.node[0]: must be an object id (36-character hyphenated or 32 hexadecimal characters), got string "x"',
      'objects[3]: must be an object, got string "text"',
    ]);
  });

  it('refuses numbers JSON cannot hold (1e999 parses to Infinity), which would be stored as something else', () => {
    const text = JSON.stringify({ ...valid, objects: [object({ parameters: { mtu: 1 }, metadata: { weight: 2 } })] })
      .replace('"mtu":1', '"mtu":1e999')
      .replace('"weight":2', '"weight":-1e999');
    expect(problemsOf(Buffer.from(text))).to.deep.equal([
      'objects[0].parameters.mtu: must be a finite number',
      'objects[0].metadata.weight: must be a finite number',
    ]);
  });

  it('refuses sorts outside the list it is given', () => {
    expect(problemsOf(raw(valid), ['HTTP_SERVER'])).to.deep.equal([
      "objects[0].sort: 'IN_STACK' is not a sort this gateway knows",
    ]);
  });

  it('refuses duplicate ids and references to objects that are not in the file', () => {
    const problems = problemsOf(
      raw({
        ...valid,
        objects: [
          object(),
          object({ displayName: 'again' }),
          object({ id: B, displayName: 'web', references: { nc: [A, '11111111-1111-4111-8111-111111111111'] } }),
        ],
      }),
    );
    expect(problems).to.deep.equal([
      `objects[1].id: id ${A} is already the id of objects[0]`,
      "objects[2].references.nc[1]: 'web' refers to object 11111111-1111-4111-8111-111111111111, which is not in the file",
    ]);
  });

  it('inspects a file broken in several ways: every problem, the graph checked among what could be read, and the well-formed objects', () => {
    const inspected = inspectConfigFile(
      raw({
        ...valid,
        extra: 1,
        objects: [
          object({ references: { nc: [B] } }),
          { ...object({ id: B, displayName: '' }) },
          object({ id: A, displayName: 'twin' }),
          object({
            id: '22222222-2222-4222-8222-222222222222',
            displayName: 'web',
            references: { nc: ['33333333-3333-4333-8333-333333333333'] },
          }),
        ],
      }),
    );
    expect(inspected.problems.map((p) => `${p.path}: ${p.message}`)).to.deep.equal([
      'extra: is not a member of a version 1 configuration file',
      'objects[1].displayName: must be a non-empty string, got string ""',
      `objects[2].id: id ${A} is already the id of objects[0]`,
      "objects[3].references.nc[0]: 'web' refers to object 33333333-3333-4333-8333-333333333333, which is not in the file",
    ]);
    expect(inspected.objects.map((o) => o.path)).to.deep.equal(['objects[0]', 'objects[2]', 'objects[3]']);
  });

  it('stops after twenty problems', () => {
    const objects = Array.from({ length: 50 }, () => ({ id: 'bad', sort: 'IN_STACK', displayName: 'x' }));
    expect(problemsOf(raw({ ...valid, objects }))).to.have.length(20);
  });
});
