import { decodeObjectFile, encodeObjectFile, type ObjectFileDocument } from '@gwsim/object-file';
import { expect } from 'chai';
import type { ImportOptions } from '../../../src/contexts/configuration/objects/application/ImportObjects.js';
import {
  CERTIFICATE_PEM,
  ObjectsHarness,
  PASSWORD,
  PRIVATE_KEY_PEM,
  failure,
  seedNodeGraph,
  type NodeGraph,
} from './support/ObjectsHarness.js';

const options = (action: ImportOptions['action'], more: Partial<ImportOptions> = {}): ImportOptions => ({
  action,
  cloneComment: undefined,
  reassignPortOnCollision: false,
  ...more,
});

/** The export as it travels: encoded, then decoded as the import operation does. */
async function exported(
  h: ObjectsHarness,
  id: string,
  includePrivateData: boolean,
): Promise<{ text: string; file: ObjectFileDocument }> {
  const bytes = encodeObjectFile((await h.exportObject.execute(h.lab, id, includePrivateData)).file);
  return { text: bytes.toString('utf8'), file: decodeObjectFile(bytes) };
}

describe('exporting detached objects', () => {
  let h: ObjectsHarness;
  let graph: NodeGraph;
  beforeEach(async () => {
    h = new ObjectsHarness();
    graph = await seedNodeGraph(h);
  });

  it('exports the object and its whole subtree, root first', async () => {
    const { file } = await exported(h, graph.node.id, true);
    expect(file.rootId).to.equal(graph.node.id);
    expect(file.objects.map((o) => o.displayName)).to.deep.equal([
      'carrier node',
      'carrier user agent',
      'carrier trunk',
      'carrier transport',
      'carrier login',
      'carrier eth0',
      'carrier security',
      'carrier identity',
    ]);
    expect(file.exportedAt).to.equal('2026-03-01T08:00:00.000Z');
  });

  it('without private data contains no password, private key or certificate, and says what it stripped', async () => {
    const { text, file } = await exported(h, graph.node.id, false);
    for (const secret of [
      PASSWORD,
      'PRIVATE KEY',
      'CERTIFICATE',
      CERTIFICATE_PEM.split('\n')[1]!,
      PRIVATE_KEY_PEM.split('\n')[1]!,
    ]) {
      expect(text).to.not.include(secret);
    }
    expect(file.includesPrivateData).to.equal(false);
    expect(file.objects.find((o) => o.sort === 'SIPAUTH_STACK')!.strippedParameters).to.deep.equal(['password']);
    expect(file.objects.find((o) => o.sort === 'SIPAUTH_STACK')!.parameters).to.include({ username: 'alice' });
  });

  it('with private data contains them', async () => {
    const { text } = await exported(h, graph.node.id, true);
    expect(text).to.include(PASSWORD);
    expect(text).to.include('BEGIN PRIVATE KEY');
  });
});

describe('importing detached objects', () => {
  let h: ObjectsHarness;
  let graph: NodeGraph;
  beforeEach(async () => {
    h = new ObjectsHarness();
    graph = await seedNodeGraph(h);
  });

  it("into an empty configuration creates everything with the file's ids, whatever the action", async () => {
    const { file } = await exported(h, graph.node.id, true);
    for (const action of ['SKIP', 'OVERRIDE', 'CLONE', 'CANCEL'] as const) {
      const fresh = new ObjectsHarness();
      const report = await fresh.importObjects.execute(fresh.lab, file, options(action));
      expect(
        report.objects.map((o) => o.outcome),
        action,
      ).to.deep.equal(Array(8).fill('created'));
      expect((await fresh.all()).map((o) => o.id).sort(), action).to.deep.equal(file.objects.map((o) => o.id).sort());
    }
  });

  it('SKIP imports only objects that do not exist and points imported references at the existing ones', async () => {
    const { file } = await exported(h, graph.node.id, false);
    await h.removeObject.execute(h.lab, graph.node.id);
    await h.setObject.execute(h.lab, graph.transport.id, () => ({ parameters: { udpTcpPort: 5099 }, references: {} }));
    const report = await h.importObjects.execute(h.lab, file, options('SKIP'));
    expect(report.objects.filter((o) => o.outcome === 'created').map((o) => o.displayName)).to.deep.equal([
      'carrier node',
    ]);
    expect((await h.find(graph.transport.id))!.parameters['udpTcpPort']).to.equal(5099);
    expect((await h.find(graph.node.id))!.references['sipUserAgentId']).to.deep.equal([graph.userAgent.id]);
  });

  it('SKIP matches by sort and display name when the ids differ', async () => {
    const other = new ObjectsHarness('another gateway');
    const foreign = await seedNodeGraph(other);
    const { file } = await exported(other, foreign.node.id, true);
    await h.removeObject.execute(h.lab, graph.node.id);
    const report = await h.importObjects.execute(h.lab, file, options('SKIP'));
    const node = report.objects.find((o) => o.displayName === 'carrier node')!;
    expect(node).to.include({ outcome: 'created', id: foreign.node.id });
    expect(report.objects.find((o) => o.displayName === 'carrier user agent')).to.include({
      outcome: 'skipped',
      matchedBy: 'sortAndDisplayName',
      id: graph.userAgent.id,
    });
    expect((await h.find(foreign.node.id))!.references['sipUserAgentId']).to.deep.equal([graph.userAgent.id]);
  });

  it('OVERRIDE overwrites the matching objects in place; stripped private data keeps the existing value', async () => {
    const { file } = await exported(h, graph.node.id, false);
    await h.setObject.execute(h.lab, graph.transport.id, () => ({ parameters: { udpTcpPort: 5099 }, references: {} }));
    await h.setObject.execute(h.lab, graph.credentials.id, () => ({ parameters: { username: 'bob' }, references: {} }));
    const count = (await h.all()).length;
    const report = await h.importObjects.execute(h.lab, file, options('OVERRIDE'));
    expect(report.objects.every((o) => o.outcome === 'overridden')).to.equal(true);
    expect((await h.all()).length).to.equal(count);
    expect((await h.find(graph.transport.id))!.parameters['udpTcpPort']).to.equal(5060);
    const credentials = (await h.find(graph.credentials.id))!;
    expect(credentials.parameters).to.include({ username: 'alice', password: PASSWORD });
    expect((await h.find(graph.identity.id))!.parameters).to.include({
      certificate: CERTIFICATE_PEM,
      privateKey: PRIVATE_KEY_PEM,
    });
  });

  it('CLONE keeps the current objects and imports copies with new ids and names, references following the copies', async () => {
    const { file } = await exported(h, graph.node.id, false);
    const before = await h.state();
    const report = await h.importObjects.execute(
      h.lab,
      file,
      options('CLONE', { cloneComment: 'site B', reassignPortOnCollision: true }),
    );
    expect(report.objects.every((o) => o.outcome === 'cloned')).to.equal(true);
    const clones = await Promise.all(report.objects.map((o) => h.find(o.id)));
    expect(clones.map((c) => c!.displayName)).to.include.members([
      'carrier node (site B)',
      'carrier transport (site B)',
    ]);
    const node = clones.find((c) => c!.sort === 'TELSIP_STACK')!;
    const userAgent = clones.find((c) => c!.sort === 'SIPUA_STACK')!;
    expect(node.references['sipUserAgentId']).to.deep.equal([userAgent.id]);
    expect(
      clones.every(
        (c) =>
          !Object.values(c!.references)
            .flat()
            .some((id) => Object.values(graph).some((o) => o.id === id)),
      ),
    ).to.equal(true);
    expect(clones.find((c) => c!.sort === 'SIPAUTH_STACK')!.parameters['password']).to.equal('');
    expect((await h.all()).length).to.equal(16);
    const untouched = (await h.state()) as Array<{ id: string }>;
    expect(untouched.filter((o) => (before as Array<{ id: string }>).some((b) => b.id === o.id))).to.deep.equal(before);
  });

  it('CLONE of a transport clones its controller too, so its ports do not collide; SKIP of the same file changes nothing', async () => {
    const { file } = await exported(h, graph.transport.id, true);
    const report = await h.importObjects.execute(h.lab, file, options('CLONE', { reassignPortOnCollision: true }));
    const transport = report.objects.find((o) => o.sort === 'SIPST_STACK')!;
    const controller = report.objects.find((o) => o.sort === 'IN_STACK')!;
    expect(controller.outcome).to.equal('cloned');
    expect(report.portMoves).to.deep.equal([]);
    const skipTree = await h.importObjects.execute(h.lab, file, options('SKIP'));
    expect(skipTree.objects.every((o) => o.outcome === 'skipped')).to.equal(true);
    expect(transport.displayName).to.equal('carrier transport (clone)');
  });

  it('moves colliding ports of an imported transport on an existing controller', async () => {
    const other = new ObjectsHarness('another gateway');
    const foreign = await seedNodeGraph(other, 'branch', 5060);
    await other.setObject.execute(other.lab, foreign.controller.id, () => ({
      displayName: 'carrier eth0',
      parameters: {},
      references: {},
    }));
    const { file } = await exported(other, foreign.transport.id, true);
    const report = await h.importObjects.execute(h.lab, file, options('SKIP', { reassignPortOnCollision: true }));
    expect(report.objects.find((o) => o.sort === 'IN_STACK')).to.include({
      outcome: 'skipped',
      id: graph.controller.id,
    });
    expect(report.portMoves.map((m) => `${m.parameter} ${m.from}->${m.to}`)).to.deep.equal([
      'udpTcpPort 5060->5062',
      'tlsPort 5061->5063',
    ]);
    expect((await h.find(foreign.transport.id))!.parameters).to.include({ udpTcpPort: 5062, tlsPort: 5063 });
  });

  it('CANCEL imports nothing when anything collides, listing the collisions', async () => {
    const { file } = await exported(h, graph.node.id, false);
    await h.removeObject.execute(h.lab, graph.node.id);
    const before = await h.state();
    const refused = await failure(() => h.importObjects.execute(h.lab, file, options('CANCEL')));
    expect([refused.kind, refused.code]).to.deep.equal(['conflict', 'IMPORT_COLLISION']);
    expect(refused.details).to.have.length(7);
    expect(await h.state()).to.deep.equal(before);
  });

  it('imports nothing when any object would be invalid (all or nothing)', async () => {
    const { file } = await exported(h, graph.node.id, true);
    const broken: ObjectFileDocument = {
      ...file,
      objects: file.objects.map((o, i) =>
        i === 7 ? { ...o, parameters: { ...o.parameters, keyType: 'DSA_512' } } : o,
      ),
    };
    const fresh = new ObjectsHarness();
    const refused = await failure(() => fresh.importObjects.execute(fresh.lab, broken, options('SKIP')));
    expect(refused.code).to.equal('IMPORT_INVALID');
    expect(refused.details[0]!.field).to.equal('objects[7].keyType');
    expect(await fresh.all()).to.deep.equal([]);
  });

  it('refuses unknown sorts and stripped parameters that are not private', async () => {
    const { file } = await exported(h, graph.credentials.id, false);
    const unknownSort = { ...file, objects: [{ ...file.objects[0]!, sort: 'NOT_A_SORT' }] };
    expect((await failure(() => h.importObjects.execute(h.lab, unknownSort, options('SKIP')))).code).to.equal(
      'IMPORT_FILE_INVALID',
    );
    const strippedName = {
      ...file,
      objects: [{ ...file.objects[0]!, parameters: {}, strippedParameters: ['username'] }],
    };
    const refused = await failure(() => h.importObjects.execute(h.lab, strippedName, options('SKIP')));
    expect(refused.details[0]!.message).to.equal("'username' is not a private parameter of SIPAUTH_STACK");
  });

  it('refuses a parameter or reference slot named __proto__ like any other unknown member, rather than dropping it', async () => {
    const { text } = await exported(h, graph.credentials.id, true);
    for (const [forged, field] of [
      [text.replace('"parameters": {', '"parameters": {"__proto__": {"polluted": "1"},'), 'objects[0].__proto__'],
      [
        text.replace('"references": {}', `"references": {"__proto__": ["${graph.credentials.id}"]}`),
        'objects[0].__proto__',
      ],
    ] as const) {
      expect(forged).to.not.equal(text);
      const refused = await failure(() =>
        h.importObjects.execute(h.lab, decodeObjectFile(Buffer.from(forged)), options('OVERRIDE')),
      );
      expect(refused.code).to.equal('IMPORT_INVALID');
      expect(refused.details.map((d) => d.field)).to.include(field);
    }
  });

  it('OVERRIDE refuses a file whose object has the id of an object of another sort', async () => {
    const { file } = await exported(h, graph.credentials.id, true);
    const disguised = {
      ...file,
      objects: [{ ...file.objects[0]!, id: graph.controller.id }],
      rootId: graph.controller.id,
    };
    expect((await failure(() => h.importObjects.execute(h.lab, disguised, options('OVERRIDE')))).code).to.equal(
      'IMPORT_SORT_CONFLICT',
    );
  });
});
