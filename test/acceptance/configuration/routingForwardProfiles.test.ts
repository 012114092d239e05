import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import {
  configurationReader,
  createNode,
  createObject,
  expectError,
  routingState,
  simpleRoute,
} from './routingSupport.js';

const FLAGS = ['ADDRESS', 'ACTIVE_APPARENT_STATE', 'DIVERSION', 'USER_TO_USER', 'REFER', 'DTMF', 'MESSAGE'];

function flags(on: string[]): Record<string, boolean> {
  return Object.fromEntries(FLAGS.map((flag) => [flag, on.includes(flag)]));
}

describe('routing forward profiles over HTTP', function () {
  this.timeout(120000);
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  const request = {
    displayName: 'announcing',
    announcementIncoming: true,
    announcementOutgoing: false,
    earlyMediaPassThrough: false,
    removeCoreFromSignalingPath: true,
    signalingForwardingFromCallingToCalled: { ADDRESS: true, ACTIVE_APPARENT_STATE: true },
    signalingForwardingFromCalledToCalling: { ADDRESS: false, ACTIVE_APPARENT_STATE: true },
  };

  it('lists only id and display name by default, the configuration with completeData=true (the factory profile is there)', async () => {
    const short = (await admin.get('/api/routingForwardProfiles/get')).json as Array<Record<string, unknown>>;
    expect(short.length).to.be.greaterThan(0);
    for (const entry of short) expect(entry).to.have.keys('id', 'displayName');
    expect((await admin.get('/api/routingForwardProfiles/get', { query: { completeData: false } })).json).to.deep.equal(
      short,
    );
    const full = (await admin.get('/api/routingForwardProfiles/get', { query: { completeData: true } })).json as Array<
      Record<string, any>
    >;
    expect(full.map((p) => p['id'])).to.deep.equal(short.map((p) => p['id']));
    expect(full[0]!['telephonyForwardingStack'].signalingForwardingFromCallingToCalled).to.include({
      ADDRESS: true,
      profile: 'STANDARD',
    });
    expectError(
      await admin.get('/api/routingForwardProfiles/get', { query: { completeData: 'perhaps' } }),
      400,
      'INVALID_QUERY_PARAMETER',
    );
  });

  it('adds a profile with its forwarding stack and media forwarder, answering the nested shape; objects/get shows the three objects', async () => {
    const response = await admin.post('/api/routingForwardProfiles/add', { json: request });
    expect(response.status, response.text).to.equal(200);
    const profile = response.json;
    const stack = profile.telephonyForwardingStack;
    const media = stack.mediaNegotiationForwarder;
    const transcoding = (
      (await admin.get('/api/objects/sorts', { query: { sort: 'MEDIA_PUMP_DOMAIN' } })).json as Array<{ id: string }>
    )[0]!.id;
    expect(profile).to.deep.equal({
      id: profile.id,
      displayName: 'announcing',
      announcementIncoming: true,
      announcementOutgoing: false,
      earlyMediaPassThrough: false,
      removeCoreFromSignalingPath: true,
      signalingForwardingFromCallingToCalled: flags(['ADDRESS', 'ACTIVE_APPARENT_STATE']),
      signalingForwardingFromCalledToCalling: flags(['ACTIVE_APPARENT_STATE']),
      telephonyForwardingStack: {
        id: stack.id,
        displayName: 'announcing forwarding',
        signalingForwardingFromCallingToCalled: {
          ...flags(['ADDRESS', 'ACTIVE_APPARENT_STATE']),
          notifySipInfoFilters: [],
          profile: 'STANDARD',
        },
        signalingForwardingFromCalledToCalling: {
          ...flags(['ACTIVE_APPARENT_STATE']),
          notifySipInfoFilters: [],
          profile: 'STANDARD',
        },
        mediaNegotiationForwarder: {
          id: media.id,
          displayName: 'announcing media forwarder',
          mediaMode: 'TRANSCODING',
          mediaTranscodingOptionsId: transcoding,
        },
      },
    });
    const get = async (id: string) => (await admin.get('/api/objects/get', { query: { id } })).json;
    expect(await get(profile.id)).to.include({
      sort: 'TELRT_FORWARDER_DOMAIN',
      announcementIncoming: 'true',
      earlyMediaPassThrough: 'false',
      telephonyForwardingStackId: stack.id,
    });
    const stackObject = await get(stack.id);
    expect(stackObject).to.include({ sort: 'TELFW_STACK', profile: 'STANDARD', mediaNegotiationForwarderId: media.id });
    expect(stackObject.signalingForwardingFromCallingToCalled).to.deep.equal(['ADDRESS', 'ACTIVE_APPARENT_STATE']);
    expect(await get(media.id)).to.include({
      sort: 'MNS_FORWARDER_DOMAIN',
      mediaMode: 'TRANSCODING',
      mediaTranscodingOptionsId: transcoding,
    });
    const listed = (await admin.get('/api/routingForwardProfiles/get', { query: { completeData: true } }))
      .json as Array<{ id: string }>;
    expect(listed.find((p) => p.id === profile.id)).to.deep.equal(profile);
  });

  it('reads what objects/set wrote, and a route can name the new profile', async () => {
    const profile = (await admin.post('/api/routingForwardProfiles/add', { json: { displayName: 'minimal' } })).json;
    expect(profile).to.include({
      announcementIncoming: false,
      announcementOutgoing: false,
      earlyMediaPassThrough: true,
      removeCoreFromSignalingPath: false,
    });
    expect(profile.signalingForwardingFromCallingToCalled).to.deep.equal(flags(['ADDRESS']));
    expect(
      (
        await admin.put('/api/objects/set', {
          query: { id: profile.telephonyForwardingStack.id },
          json: { signalingForwardingFromCalledToCalling: ['DTMF'], notifySipInfoFilters: ['application/dtmf-relay'] },
        })
      ).status,
    ).to.equal(200);
    const listed = (
      (await admin.get('/api/routingForwardProfiles/get', { query: { completeData: true } })).json as Array<
        Record<string, any>
      >
    ).find((p) => p['id'] === profile.id)!;
    expect(listed['signalingForwardingFromCalledToCalling']).to.deep.equal(flags(['DTMF']));
    expect(
      listed['telephonyForwardingStack'].signalingForwardingFromCallingToCalled.notifySipInfoFilters,
    ).to.deep.equal(['application/dtmf-relay']);

    const node = await createNode(admin, 'profiled', 5090);
    const domain = (
      await admin.post('/api/routingDomains/add', {
        version: 1,
        json: { displayName: 'profiled', sourceNodes: [node] },
      })
    ).json;
    const route = {
      ...simpleRoute('with profile', node),
      establishment: {
        action: 'ACCEPT',
        routingTargets: [{ destinationNodeId: node, routingForwardProfileId: profile.id }],
      },
    };
    const added = await admin.post('/api/routingDomains/routes/add', {
      version: 1,
      query: { routingDomain: domain.id },
      json: route,
    });
    expect(added.status, added.text).to.equal(200);
    expectError(await admin.delete('/api/objects/remove', { query: { id: profile.id } }), 409, 'OBJECT_REFERENCED');
  });

  it('shows a profile made through objects/set without a forwarding stack, without one', async () => {
    const bare = await createObject(admin, 'TELRT_FORWARDER_DOMAIN', 'bare profile', { announcementOutgoing: 'true' });
    const listed = (
      (await admin.get('/api/routingForwardProfiles/get', { query: { completeData: true } })).json as Array<
        Record<string, any>
      >
    ).find((p) => p['id'] === bare['id'])!;
    expect(listed).to.deep.equal({
      id: bare['id'],
      displayName: 'bare profile',
      announcementIncoming: false,
      announcementOutgoing: true,
      earlyMediaPassThrough: true,
      removeCoreFromSignalingPath: false,
      signalingForwardingFromCallingToCalled: flags([]),
      signalingForwardingFromCalledToCalling: flags([]),
    });
  });

  it('names the helper objects after free names when the usual ones are taken', async () => {
    await admin.put('/api/objects/set', {
      query: { id: '00000000-0000-4000-8000-0000000000f1' },
      json: { sort: 'TELFW_STACK', displayName: 'crowded forwarding' },
    });
    const profile = (await admin.post('/api/routingForwardProfiles/add', { json: { displayName: 'crowded' } })).json;
    expect(profile.telephonyForwardingStack.displayName).to.equal('crowded forwarding (2)');
  });

  it('refuses bad requests naming the field, and changes nothing', async () => {
    await admin.post('/api/routingForwardProfiles/add', { json: { displayName: 'taken profile' } });
    const before = await routingState(admin);
    const add = (json: unknown) => admin.post('/api/routingForwardProfiles/add', { json });
    let response = await add({ displayName: 'taken profile' });
    expectError(response, 409, 'DISPLAY_NAME_TAKEN');
    expect(response.json.error.details[0].field).to.equal('displayName');
    response = await add({
      displayName: 'x',
      signalingForwardingFromCallingToCalled: { ADDRESS: true, TELEPATHY: true },
    });
    expectError(response, 400);
    expect(response.json.error.details[0].field).to.equal('signalingForwardingFromCallingToCalled.TELEPATHY');
    response = await add({ displayName: 'x', announcementIncoming: 'yes' });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json.error.details[0].field).to.equal('announcementIncoming');
    response = await add({ announcementIncoming: true });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json.error.details[0].field).to.equal('displayName');
    expectError(await add({ displayName: ' ' }), 400, 'DISPLAY_NAME_REQUIRED');
    expectError(await add({ displayName: 'x', signalingForwardingFromCalledToCalling: ['ADDRESS'] }), 400);
    expect(await routingState(admin)).to.equal(before);
  });

  it('reads need configuration read access, add configuration write access', async () => {
    const reader = await configurationReader(gateway, admin, 'profile_reader');
    expect((await reader.get('/api/routingForwardProfiles/get', { query: { completeData: true } })).status).to.equal(
      200,
    );
    const before = await routingState(admin);
    expectError(
      await reader.post('/api/routingForwardProfiles/add', { json: { displayName: 'by reader' } }),
      403,
      'PERMISSION_DENIED',
    );
    expect(await routingState(admin)).to.equal(before);
  });

  it('a profile added through the view commits', async () => {
    await admin.post('/api/routingForwardProfiles/add', { json: { displayName: 'to commit' } });
    const commit = await admin.post('/api/coreConfig/commit');
    expect(commit.status, commit.text).to.equal(200);
  });
});
