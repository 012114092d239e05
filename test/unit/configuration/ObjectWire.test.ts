import { expect } from 'chai';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { ConfigObject, DEFAULT_COMMON } from '../../../src/contexts/configuration/graph/domain/ConfigObject.js';
import { ObjectRules } from '../../../src/contexts/configuration/graph/domain/ObjectRules.js';
import {
  fromWire,
  readObjectChange,
  renderObject,
  renderValue,
} from '../../../src/contexts/configuration/objects/interface/http/ObjectWire.js';
import { t } from '../../../src/contexts/configuration/graph/domain/catalog/SortDefinition.js';
import type { ErrorDetail } from '../../../src/shared/domain/DomainError.js';

const ID = '3f1c0a9e-0000-4000-8000-000000000001';
const NC = '3f1c0a9e-0000-4000-8000-0000000000aa';

function transport(): ConfigObject {
  const completed = ObjectRules.complete(
    'SIPST_STACK',
    undefined,
    { udpTcpPort: 5070, tlsEnabled: false },
    { networkControllerId: [NC] },
  );
  return new ConfigObject(DEFAULT_LAB, {
    id: ID,
    sort: 'SIPST_STACK',
    displayName: 'edge',
    ...completed,
    common: { ...DEFAULT_COMMON, comment: 'c' },
    note: 'a note',
    metadata: { replication: { systemIdentifiersEnabled: false }, compatibility: '1' },
    version: 4,
  });
}

describe('the detached-objects wire view', () => {
  it('renders every scalar as a string, references as ids, and the metaData block with note and version', () => {
    const view = renderObject(transport());
    expect(view).to.include({
      id: ID,
      sort: 'SIPST_STACK',
      displayName: 'edge',
      comment: 'c',
      visible: 'true',
      protected: 'false',
      trMark: 'false',
      udpTcpPort: '5070',
      tlsEnabled: 'false',
      tlsPort: '5061',
      sipDomain: '',
      networkControllerId: NC,
      networkSecurityProfileId: '',
    });
    expect(view['metaData']).to.deep.equal({
      anynodefe: {
        compatibility: '1',
        replication: { systemIdentifiersEnabled: 'false' },
        note: 'a note',
        version: '4',
      },
    });
  });

  it('renders lists as arrays and records as objects of strings', () => {
    expect(renderValue([{ port: 5060, on: true, none: null }])).to.deep.equal([{ port: '5060', on: 'true', none: '' }]);
  });

  it('reads strings back into typed values, and native JSON scalars too', () => {
    const details: ErrorDetail[] = [];
    expect(fromWire(t.port(), '5060', 'p', details)).to.equal(5060);
    expect(fromWire(t.port(), 5061, 'p', details)).to.equal(5061);
    expect(fromWire(t.boolean(), 'false', 'b', details)).to.equal(false);
    expect(fromWire(t.boolean(), true, 'b', details)).to.equal(true);
    expect(fromWire(t.ref('s', ['IN_STACK']), NC.replace(/-/g, '').toUpperCase(), 'r', details)).to.equal(NC);
    expect(fromWire(t.list(t.integer(0, 9)), ['1', 2], 'l', details)).to.deep.equal([1, 2]);
    expect(details).to.deep.equal([]);
  });

  it('names every value of the wrong type', () => {
    const details: ErrorDetail[] = [];
    fromWire(t.port(), 'five', 'udpTcpPort', details);
    fromWire(t.boolean(), 'yes', 'tlsEnabled', details);
    fromWire(t.string(), 42, 'sipDomain', details);
    fromWire(t.list(t.string()), 'x', 'names', details);
    expect(details.map((d) => d.field)).to.deep.equal(['udpTcpPort', 'tlsEnabled', 'sipDomain', 'names']);
    expect(details[0]!.message).to.equal('udpTcpPort must be a port from 1 to 65535, got "five"');
  });

  it('reads a set body: parameters, references, common flags, version and note; unknown members are problems', () => {
    const change = readObjectChange(
      {
        id: ID.replace(/-/g, ''),
        displayName: 'renamed',
        visible: 'false',
        udpTcpPort: '5080',
        networkControllerId: '',
        metaData: { anynodefe: { version: '4', note: 'n', compatibility: '0' } },
        bogus: '1',
        tlsPort: 'x',
      },
      ID,
      transport(),
    );
    expect(change.displayName).to.equal('renamed');
    expect(change.common).to.deep.equal({ visible: false });
    expect(change.parameters).to.deep.equal({ udpTcpPort: 5080 });
    expect(change.references).to.deep.equal({ networkControllerId: [] });
    expect(change.expectedVersion).to.equal(4);
    expect(change.note).to.equal('n');
    expect(change.problems!.map((p) => p.field)).to.deep.equal(['bogus', 'tlsPort']);
  });

  it('refuses a body that is not an object, and flags an id or sort that does not match', () => {
    expect(() => readObjectChange([1], ID, transport())).to.throw(/must be a JSON object/);
    const change = readObjectChange(
      { id: NC, sort: 'NOPE', metaData: { anynodefe: { version: 'v1' } } },
      ID,
      transport(),
    );
    expect(change.problems!.map((p) => p.field)).to.deep.equal(['id', 'sort', 'metaData.anynodefe.version']);
  });

  it('takes members sent as null as left out', () => {
    const change = readObjectChange(
      { udpTcpPort: null, visible: null, networkControllerId: null, comment: null },
      ID,
      transport(),
    );
    expect([change.parameters, change.references, change.common, change.problems]).to.deep.equal([{}, {}, {}, []]);
  });

  it('ignores derived slots: they mirror the parameters', () => {
    const change = readObjectChange({ sort: 'TELRT_STACK', routeNodeIds: ['whatever'] }, ID, undefined);
    expect(change.references).to.deep.equal({});
    expect(change.problems).to.deep.equal([]);
  });
});
