import { expect } from 'chai';
import { ConfigObject, ObjectRules } from '../../../src/contexts/configuration/index.js';
import {
  HotStandby,
  type HotStandbySnapshot,
} from '../../../src/contexts/high-availability/hot-standby/domain/HotStandby.js';
import { HotStandbyMapper } from '../../../src/contexts/high-availability/hot-standby/domain/HotStandbyMapper.js';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';

const SNAPSHOT: HotStandbySnapshot = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'HS',
  standbySystemBackendName: 'backend',
  systemRole: 'STANDBY',
  disabledHere: true,
  ipcClientId: '22222222-2222-4222-8222-222222222222',
  networkControllerId: '33333333-3333-4333-8333-333333333333',
  networkSecurityProfileId: '44444444-4444-4444-8444-444444444444',
  conditionIds: ['55555555-5555-4555-8555-555555555555'],
  maxLinkRetryTimeout: 90,
  linkPingInterval: 3,
  systemIdentifiers: ['sys-1', 'sys-2'],
  systemIdentifiersEnabled: true,
};

function refusal(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('HotStandby and its mapper', () => {
  it('round-trips through an IPC_SERVER and its IPC_CLIENT', () => {
    const entity = HotStandby.restore(SNAPSHOT);
    const server = HotStandbyMapper.toServer(DEFAULT_LAB, entity, undefined);
    const client = HotStandbyMapper.toClient(
      entity,
      ConfigObject.create(DEFAULT_LAB, {
        id: SNAPSHOT.ipcClientId,
        sort: 'IPC_CLIENT',
        displayName: 'HS link',
        ...ObjectRules.complete('IPC_CLIENT', undefined, {}, {}),
      }),
    );
    expect(server.sort).to.equal('IPC_SERVER');
    expect(server.referencesIn('conditionIds')).to.deep.equal(SNAPSHOT.conditionIds);
    expect(client.parameters).to.include({ maxLinkRetryTimeout: 90, linkPingInterval: 3, replicationEnabled: true });
    expect(HotStandbyMapper.toEntity(server, client).snapshot()).to.deep.equal(SNAPSHOT);
  });

  it('reads an IPC_SERVER without a link with the defaults and no ipcClientId', () => {
    const server = ConfigObject.create(DEFAULT_LAB, {
      id: SNAPSHOT.id,
      sort: 'IPC_SERVER',
      displayName: 'bare',
      ...ObjectRules.complete('IPC_SERVER', undefined, {}, {}),
    });
    expect(HotStandbyMapper.toEntity(server, undefined).snapshot()).to.include({
      name: 'bare',
      ipcClientId: '',
      maxLinkRetryTimeout: 60,
      linkPingInterval: 5,
      systemIdentifiersEnabled: false,
      systemRole: 'MAIN',
    });
  });

  it('checks its invariants, naming the request fields', () => {
    expect(refusal(() => HotStandby.restore({ ...SNAPSHOT, name: '  ' })).details[0]!.field).to.equal('name');
    expect(refusal(() => HotStandby.restore({ ...SNAPSHOT, linkPingInterval: 3601 })).details[0]!.field).to.equal(
      'mainSystem.linkPingInterval',
    );
    expect(
      refusal(() => HotStandby.restore({ ...SNAPSHOT, systemIdentifiers: ['ok', ''] })).details[0]!.field,
    ).to.equal('mainSystem.replicationOptions.systemIdentifiers[1]');
    expect(refusal(() => HotStandby.restore(SNAPSHOT).changed({ maxLinkRetryTimeout: 0 })).code).to.equal(
      'HOT_STANDBY_INVALID',
    );
    expect(
      HotStandby.restore(SNAPSHOT).changed({ name: ' renamed ', linkPingInterval: undefined }).snapshot(),
    ).to.include({ name: 'renamed', linkPingInterval: 3 });
  });
});
