import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import {
  DEFAULT_OBJECT_COMMON,
  OBJECT_FILE_FORMAT,
  ObjectFileError,
  decodeObjectFile,
  encodeObjectFile,
  type ObjectFileEntry,
} from '../src/index.js';

const ROOT = '3f1c0a9e-0000-4000-8000-000000000001';
const CHILD = '3f1c0a9e-0000-4000-8000-000000000002';

function entry(id: string, fields: Partial<ObjectFileEntry> = {}): ObjectFileEntry {
  return {
    id,
    sort: 'SIPST_STACK',
    displayName: `object ${id.slice(-1)}`,
    parameters: {},
    references: {},
    common: DEFAULT_OBJECT_COMMON,
    note: '',
    metadata: {},
    strippedParameters: [],
    ...fields,
  };
}

function sample(): Buffer {
  return encodeObjectFile({
    exportedAt: new Date('2026-03-01T08:00:00Z'),
    generator: 'gwsim test',
    rootId: ROOT,
    includesPrivateData: false,
    objects: [
      entry(ROOT, {
        parameters: { udpTcpPort: 5060, tlsEnabled: true },
        references: { networkControllerId: [CHILD] },
        note: 'root note',
      }),
      entry(CHILD, { sort: 'IN_STACK', parameters: { interfaceName: 'eth0' }, strippedParameters: [] }),
    ],
  });
}

function document(): Record<string, any> {
  return JSON.parse(sample().toString('utf8'));
}

function problemsOf(content: Buffer | string): string[] {
  try {
    decodeObjectFile(content);
  } catch (error) {
    expect(error).to.be.instanceOf(ObjectFileError);
    return (error as ObjectFileError).problems.map((p) => `${p.path}: ${p.message}`);
  }
  throw new Error('the file was accepted');
}

describe('object-file', () => {
  it('reads back exactly what it wrote', () => {
    const decoded = decodeObjectFile(sample());
    expect(decoded.format).to.equal(OBJECT_FILE_FORMAT);
    expect(decoded.formatVersion).to.equal(1);
    expect(decoded.rootId).to.equal(ROOT);
    expect(decoded.includesPrivateData).to.equal(false);
    expect(decoded.generator).to.equal('gwsim test');
    expect(decoded.objects).to.have.length(2);
    expect(decoded.objects[0]!.parameters).to.deep.equal({ udpTcpPort: 5060, tlsEnabled: true });
    expect(decoded.objects[0]!.references).to.deep.equal({ networkControllerId: [CHILD] });
    expect(decoded.objects[0]!.note).to.equal('root note');
  });

  it('writes readable, indented JSON ending in a newline', () => {
    const text = sample().toString('utf8');
    expect(text).to.match(/^\{\n  "format": "gwsim-object-export",\n  "formatVersion": 1,/);
    expect(text.endsWith('}\n')).to.equal(true);
  });

  it('accepts gzip-compressed files and compact upper-case ids, read in canonical form', () => {
    const doc = document();
    doc['rootId'] = ROOT.replace(/-/g, '').toUpperCase();
    doc['objects'][0].id = doc['rootId'];
    const decoded = decodeObjectFile(gzipSync(Buffer.from(JSON.stringify(doc))));
    expect(decoded.rootId).to.equal(ROOT);
    expect(decoded.objects[0]!.id).to.equal(ROOT);
  });

  it('fills left-out optional members with their defaults', () => {
    const doc = document();
    doc['objects'] = [{ id: ROOT, sort: 'IN_STACK', displayName: 'eth0' }];
    const decoded = decodeObjectFile(JSON.stringify(doc));
    expect(decoded.objects[0]).to.deep.equal(entry(ROOT, { sort: 'IN_STACK', displayName: 'eth0' }));
  });

  it('refuses an empty file, a non-JSON file and a JSON value that is not an object', () => {
    expect(problemsOf(Buffer.alloc(0))).to.deep.equal([': the file is empty']);
    expect(problemsOf('{"format": ')[0]).to.match(/is not JSON/);
    expect(problemsOf('[1,2]')[0]).to.match(/must be a JSON object, got an array/);
    expect(problemsOf(Buffer.from([0x1f, 0x8b, 1, 2, 3]))[0]).to.match(/cannot be decompressed/);
  });

  it('refuses another format and unknown format versions, saying which versions it reads', () => {
    const other = document();
    other['format'] = 'gwsim-config';
    expect(problemsOf(JSON.stringify(other))[0]).to.match(/not a gwsim object export file/);
    const future = document();
    future['formatVersion'] = 2;
    expect(problemsOf(JSON.stringify(future))).to.deep.equal([
      'formatVersion: format version 2 is not supported; this simulator reads version 1',
    ]);
  });

  it('names every malformed member with its path', () => {
    const doc = document();
    doc['extra'] = true;
    doc['exportedAt'] = 'yesterday';
    doc['includesPrivateData'] = 'no';
    doc['objects'][0].id = 'not-an-id';
    doc['objects'][0].common = { visible: 'yes' };
    doc['objects'][1].references = { x: ['nope'] };
    doc['objects'][1].displayName = '';
    const problems = problemsOf(JSON.stringify(doc));
    expect(problems).to.include.members([
      'extra: is not a member of a version 1 object export file',
      'includesPrivateData: must be true or false, got string "no"',
      'objects[0].common.visible: must be true or false, got string "yes"',
      'objects[1].displayName: must be a non-empty string, got string ""',
    ]);
    expect(problems.some((p) => p.startsWith('exportedAt: must be an ISO-8601 instant'))).to.equal(true);
    expect(problems.some((p) => p.startsWith('objects[0].id: must be an object id'))).to.equal(true);
    expect(problems.some((p) => p.startsWith('objects[1].references.x[0]: must be an object id'))).to.equal(true);
  });

  it('refuses duplicate ids, a root that is not in the file and references that leave the file', () => {
    const duplicate = document();
    duplicate['objects'][1].id = ROOT;
    duplicate['objects'][0].references = {};
    expect(problemsOf(JSON.stringify(duplicate))[0]).to.match(
      /objects\[1\]\.id: id .* is already the id of objects\[0\]/,
    );
    const dangling = document();
    dangling['objects'] = [dangling['objects'][0]];
    expect(problemsOf(JSON.stringify(dangling))[0]).to.match(/references\.networkControllerId\[0\].*not in the file/);
    const rootless = document();
    rootless['rootId'] = '3f1c0a9e-0000-4000-8000-0000000000ff';
    expect(problemsOf(JSON.stringify(rootless))).to.include(
      'rootId: names object 3f1c0a9e-0000-4000-8000-0000000000ff, which is not in the file',
    );
  });

  it('refuses a stripped parameter that also has a value, and stripping in a file with private data', () => {
    const both = document();
    both['objects'][0].strippedParameters = ['udpTcpPort'];
    expect(problemsOf(JSON.stringify(both))[0]).to.match(/'udpTcpPort' is stripped but also has a value/);
    const withPrivate = document();
    withPrivate['includesPrivateData'] = true;
    withPrivate['objects'][1].strippedParameters = ['password'];
    expect(problemsOf(JSON.stringify(withPrivate))[0]).to.match(/must be empty in a file that includes private data/);
  });

  it('refuses unknown sorts when told the known ones, and files with too many objects', () => {
    expect(() => decodeObjectFile(sample(), { sorts: ['IN_STACK'] })).to.throw(
      ObjectFileError,
      /'SIPST_STACK' is not a sort this gateway knows/,
    );
    expect(() => decodeObjectFile(sample(), { maxObjects: 1 })).to.throw(ObjectFileError, /holds 2 objects; at most 1/);
  });

  it('stops after 20 problems', () => {
    const doc = document();
    doc['objects'] = Array.from({ length: 40 }, () => ({ id: 'x' }));
    const problems = problemsOf(JSON.stringify(doc));
    expect(problems).to.have.length(20);
  });
});
