import { expect } from 'chai';
import { IndexedGraph } from '../../../../src/contexts/configuration/graph/domain/GraphView.js';
import { RoutingForwardProfile } from '../../../../src/contexts/configuration/routing/domain/RoutingForwardProfile.js';
import { RoutingForwardProfileMapper } from '../../../../src/contexts/configuration/routing/domain/RoutingForwardProfileMapper.js';
import { failure } from '../support/ObjectsHarness.js';
import { RoutingHarness } from './routingHarness.js';

const ids = [
  '00000000-0000-4000-8000-0000000000a1',
  '00000000-0000-4000-8000-0000000000a2',
  '00000000-0000-4000-8000-0000000000a3',
  '00000000-0000-4000-8000-0000000000a4',
];

function profile(): RoutingForwardProfile {
  return new RoutingForwardProfile({
    id: ids[0]!,
    displayName: 'p',
    announcementIncoming: true,
    announcementOutgoing: false,
    earlyMediaPassThrough: true,
    removeCoreFromSignalingPath: false,
    telephonyForwardingStack: {
      id: ids[1]!,
      displayName: 'p forwarding',
      profile: 'STANDARD',
      fromCallingToCalled: ['ADDRESS', 'DTMF'],
      fromCalledToCalling: [],
      notifySipInfoFilters: ['x'],
      mediaNegotiationForwarder: {
        id: ids[2]!,
        displayName: 'p media',
        mediaMode: 'PASS_THROUGH',
        mediaTranscodingOptionsId: ids[3]!,
      },
    },
  });
}

describe('a routing forward profile', () => {
  it('refuses unknown forwarding flags naming them, and a blank name', () => {
    const state = profile().state;
    const bad = {
      ...state,
      telephonyForwardingStack: { ...state.telephonyForwardingStack!, fromCalledToCalling: ['ADDRESS', 'TELEPATHY'] },
    };
    expect(() => new RoutingForwardProfile(bad))
      .to.throw()
      .with.property('details')
      .that.deep.includes({
        field: 'signalingForwardingFromCalledToCalling.TELEPATHY',
        rule: 'flag',
        message:
          'signalingForwardingFromCalledToCalling.TELEPATHY is not a forwarding flag (flags: ADDRESS, ACTIVE_APPARENT_STATE, DIVERSION, USER_TO_USER, REFER, DTMF, MESSAGE)',
      });
    expect(() => new RoutingForwardProfile({ ...state, displayName: ' ' }))
      .to.throw()
      .with.property('code', 'DISPLAY_NAME_REQUIRED');
  });

  it('maps to its three objects and back unchanged', async () => {
    const h = new RoutingHarness();
    const pump = await h.seed('MEDIA_PUMP_DOMAIN', 'codecs');
    const original = profile();
    const withPump = new RoutingForwardProfile({
      ...original.state,
      telephonyForwardingStack: {
        ...original.state.telephonyForwardingStack!,
        mediaNegotiationForwarder: {
          ...original.state.telephonyForwardingStack!.mediaNegotiationForwarder!,
          mediaTranscodingOptionsId: pump.id,
        },
      },
    });
    const objects = RoutingForwardProfileMapper.toNewObjects(h.lab, withPump);
    expect(objects.map((o) => o.sort)).to.deep.equal(['MNS_FORWARDER_DOMAIN', 'TELFW_STACK', 'TELRT_FORWARDER_DOMAIN']);
    const graph = new IndexedGraph([...objects, pump]);
    expect(RoutingForwardProfileMapper.fromObjects(objects[2]!, graph).state).to.deep.equal(withPump.state);
  });
});

describe('routing forward profile use cases', () => {
  it('add creates the profile, its forwarding stack and media forwarder on the first transcoding options; list reads them back', async () => {
    const h = new RoutingHarness();
    const pump = await h.seed('MEDIA_PUMP_DOMAIN', 'a codecs');
    await h.seed('MEDIA_PUMP_DOMAIN', 'b codecs');
    const added = await h.addProfile.execute(h.lab, {
      displayName: 'p',
      announcementIncoming: true,
      fromCallingToCalled: ['ACTIVE_APPARENT_STATE'],
    });
    const s = added.state;
    expect(s).to.deep.include({
      announcementIncoming: true,
      announcementOutgoing: false,
      earlyMediaPassThrough: true,
      removeCoreFromSignalingPath: false,
    });
    expect(s.telephonyForwardingStack!.fromCallingToCalled).to.deep.equal(['ACTIVE_APPARENT_STATE']);
    expect(s.telephonyForwardingStack!.fromCalledToCalling).to.deep.equal(['ADDRESS']);
    expect(s.telephonyForwardingStack!.mediaNegotiationForwarder!.mediaTranscodingOptionsId).to.equal(pump.id);
    expect((await h.listProfiles.execute(h.lab)).map((p) => p.state)).to.deep.equal([s]);
    expect((await h.all()).map((o) => o.sort).sort()).to.deep.equal([
      'MEDIA_PUMP_DOMAIN',
      'MEDIA_PUMP_DOMAIN',
      'MNS_FORWARDER_DOMAIN',
      'TELFW_STACK',
      'TELRT_FORWARDER_DOMAIN',
    ]);
  });

  it('add makes transcoding options when the lab has none, and refuses a taken name storing nothing', async () => {
    const h = new RoutingHarness();
    const added = await h.addProfile.execute(h.lab, { displayName: 'first' });
    const pumpId = added.state.telephonyForwardingStack!.mediaNegotiationForwarder!.mediaTranscodingOptionsId;
    expect((await h.find(pumpId))!.displayName).to.equal('first transcoding options');
    const before = await h.state();
    expect((await failure(() => h.addProfile.execute(h.lab, { displayName: 'first' }))).code).to.equal(
      'DISPLAY_NAME_TAKEN',
    );
    expect(
      (await failure(() => h.addProfile.execute(h.lab, { displayName: 'x', fromCalledToCalling: ['NOPE'] }))).code,
    ).to.equal('FORWARDING_FLAG_UNKNOWN');
    expect(await h.state()).to.deep.equal(before);
  });
});

describe('a routing forward profile made through objects/set', () => {
  it('reads without a forwarding stack when it names none', async () => {
    const h = new RoutingHarness();
    const bare = await h.seed('TELRT_FORWARDER_DOMAIN', 'bare');
    const [read] = await h.listProfiles.execute(h.lab);
    expect(read!.state).to.deep.equal({
      id: bare.id,
      displayName: 'bare',
      announcementIncoming: false,
      announcementOutgoing: false,
      earlyMediaPassThrough: true,
      removeCoreFromSignalingPath: false,
    });
  });
});
