import { expect } from 'chai';
import { simulatedAddress } from '../../../../src/contexts/configuration/runtime/domain/compileGatewayPlan.js';
import { GraphBuilder, demoPlan, node } from './planNodeSipSupport.js';

describe('the plan knows whom a node hears and which passwords are phones’ (PlanNode.sip.peers, registrar users)', () => {
  it("carries the SIP transport's and the media negotiation's whitelists: addresses, subnets, names, the own subnet", () => {
    const g = new GraphBuilder();
    const controller = g.add('IN_STACK', 'eth0', { ipAddress: '192.0.2.10', subnetPrefixLength: 24 });
    const mediaController = g.add('IN_STACK', 'eth1', { ipAddress: '2001:db8:1::10', subnetPrefixLength: 64 });
    const sipPeers = g.add('IN_FILTER', 'sip peers', {
      includeOwnSubnet: true,
      entries: [
        { ipVersion: 'IN_ADDRESS_VERSION_4', host: '198.51.100.7', subnetPrefixLength: 32, dnsLookup: [] },
        { ipVersion: 'IN_ADDRESS_VERSION_4', host: '203.0.113.0', subnetPrefixLength: 24, dnsLookup: [] },
        { ipVersion: 'IN_ADDRESS_VERSION_6', host: '2001:db8::', subnetPrefixLength: 32, dnsLookup: [] },
        { ipVersion: 'IN_ADDRESS_VERSION_4', host: 'pbx.example.com', subnetPrefixLength: 32, dnsLookup: ['A'] },
        { ipVersion: 'IN_ADDRESS_VERSION_4', host: '10.0.0.1', subnetPrefixLength: 99, dnsLookup: [] },
      ],
    });
    const mediaPeers = g.add('IN_FILTER', 'media peers', { includeOwnSubnet: true, entries: [] });
    const transport = g.add(
      'SIPST_STACK',
      'transport',
      {},
      { networkControllerId: [controller], networkPeerWhitelistId: [sipPeers] },
    );
    const media = g.add(
      'MNS_STACK',
      'media',
      {},
      { networkControllerId: [mediaController], networkPeerWhitelistId: [mediaPeers] },
    );
    const userAgent = g.add('SIPUA_STACK', 'ua', {}, { sipTransportId: [transport], mediaNegotiationId: [media] });
    g.add('TELSIP_STACK', 'Guarded', {}, { sipUserAgentId: [userAgent] });
    const open = g.add('SIPST_STACK', 'open transport', { udpTcpPort: 5099 }, { networkControllerId: [controller] });
    const openAgent = g.add('SIPUA_STACK', 'open ua', {}, { sipTransportId: [open] });
    g.add('TELSIP_STACK', 'Open', {}, { sipUserAgentId: [openAgent] });

    const plan = g.compile();
    const peers = node(plan, 'Guarded').sip.peers;
    expect(peers.sip).to.deep.include({ displayName: 'sip peers' });
    expect(peers.sip!.entries).to.deep.equal([
      { host: '198.51.100.7', prefixLength: 32, nameAddress: undefined },
      { host: '203.0.113.0', prefixLength: 24, nameAddress: undefined },
      { host: '2001:db8::', prefixLength: 32, nameAddress: undefined },
      { host: 'pbx.example.com', prefixLength: 32, nameAddress: simulatedAddress('pbx.example.com') },
      { host: '10.0.0.1', prefixLength: 32, nameAddress: undefined },
    ]);
    expect(peers.sip!.ownSubnet).to.deep.equal({ host: '192.0.2.10', prefixLength: 24, nameAddress: undefined });
    expect(peers.media!.entries).to.deep.equal([]);
    expect(peers.media!.ownSubnet, "the media controller's subnet").to.deep.equal({
      host: '2001:db8:1::10',
      prefixLength: 64,
      nameAddress: undefined,
    });
    expect(node(plan, 'Open').sip.peers).to.deep.equal({ sip: undefined, media: undefined });
  });

  it("the demo's PBX Berlin hears its PBX by name, on SIP and media alike", () => {
    const peers = node(demoPlan(), 'PBX Berlin').sip.peers;
    expect(peers.sip!.entries).to.deep.equal([
      { host: 'pbx.example.com', prefixLength: 32, nameAddress: simulatedAddress('pbx.example.com') },
    ]);
    expect(peers.sip!.ownSubnet).to.equal(undefined);
    expect(peers.media!.id).to.equal(peers.sip!.id);
  });

  it("a trunk's credentials (a transport connection's) are never a phone's password, whatever the registrar's policy", () => {
    const g = new GraphBuilder();
    const trunk = g.add('SIPAUTH_STACK', 'trunk', { username: 'acme-trunk', password: 'Trunk-Pw' });
    g.add('SIPAUTH_STACK', 'phone', { username: 'alice', password: 'Alice-Pw' });
    const connection = g.add(
      'AN_SIPRT_ROUTE',
      'carrier connection',
      { proxyIri: 'sip:carrier.example', authenticationEnabled: true },
      { credentialsId: [trunk] },
    );
    g.add('TELSIP_STACK', 'Carrier', {}, { transportConnectionIds: [connection] });
    const directory = g.add('USRDB_DIRECTORY', 'phones', {
      users: [
        { name: 'alice', phoneNumber: '', extension: '', sipUri: '', emailAddress: '' },
        { name: 'acme-trunk', phoneNumber: '', extension: '', sipUri: '', emailAddress: '' },
      ],
    });
    const always = g.add('TELSIPREG_REGISTRAR', 'always', { acceptPolicy: 'ALWAYS' });
    const listed = g.add(
      'TELSIPREG_REGISTRAR',
      'directory',
      { acceptPolicy: 'DIRECTORY' },
      { directoryId: [directory] },
    );
    g.add('TELSIP_STACK', 'Always', { nodeRole: 'SIP_PHONE_REGISTRAR' }, { registrarId: [always] });
    g.add('TELSIP_STACK', 'Directory', { nodeRole: 'SIP_PHONE_REGISTRAR' }, { registrarId: [listed] });

    const plan = g.compile();
    const anyone = node(plan, 'Always').sip.registrar!.users;
    expect([...anyone.entries()]).to.deep.equal([['alice', 'Alice-Pw']]);
    const members = node(plan, 'Directory').sip.registrar!.users;
    expect(members.get('alice')).to.equal('Alice-Pw');
    expect(members.has('acme-trunk'), 'a directory name all the same').to.equal(true);
    expect(members.get('acme-trunk'), 'but the trunk gives it no password').to.equal(undefined);
    expect(node(plan, 'Carrier').sip.credentials?.password, 'the trunk still answers its carrier').to.equal('Trunk-Pw');
  });

  it("the demo's carrier credentials register no phone", () => {
    for (const n of demoPlan().nodes.values())
      for (const password of n.sip.registrar?.users.values() ?? []) expect(password).to.not.match(/Demo-Trunk/);
  });
});
