import { expect } from 'chai';
import { CERTIFICATE, CHAIN, KEY, GraphBuilder, node } from './planNodeSipSupport.js';

describe('the plan knows what a node needs on the wire (PlanNode.sip)', () => {
  it("reads listeners, identity, credentials, media and user agent through the node's objects", () => {
    const g = new GraphBuilder();
    const controller = g.add('IN_STACK', 'lo', { ipAddress: '127.0.0.1', rtpFirstPort: 30000, rtpLastPort: 30999 });
    const identity = g.add('CRY_X509_STACK', 'identity', {
      certificate: CERTIFICATE,
      certificateChain: CHAIN,
      privateKey: KEY,
    });
    const security = g.add('INS_STACK', 'tls', {}, { digitalIdentityId: [identity] });
    const transport = g.add(
      'SIPST_STACK',
      'transport',
      {
        udpEnabled: true,
        tcpEnabled: false,
        tlsEnabled: true,
        udpTcpPort: 5070,
        tlsPort: 5071,
        maxMessageSize: 8192,
      },
      { networkControllerId: [controller], networkSecurityProfileId: [security] },
    );
    const codecs = g.add('MEDIA_PUMP_DOMAIN', 'codecs', { audioCodecs: ['G729', 'G711U'] });
    const media = g.add('MNS_STACK', 'media', { rtpTimeoutSeconds: 30 }, { mediaTranscodingOptionsId: [codecs] });
    const userAgent = g.add(
      'SIPUA_STACK',
      'ua',
      { userAgentHeader: 'PBX/1.0', reliableProvisionalResponses: 'REQUIRED' },
      { sipTransportId: [transport], mediaNegotiationId: [media] },
    );
    const credentials = g.add('SIPAUTH_STACK', 'credentials', {
      username: 'trunk',
      password: 'Trunk-Pw-1',
      authorizationUsername: 'auth-trunk',
      realm: 'carrier.example',
    });
    const connection = g.add(
      'AN_SIPRT_ROUTE',
      'connection',
      { proxyIri: 'sip:127.0.0.1:5090', authenticationEnabled: true },
      { credentialsId: [credentials] },
    );
    g.add('TELSIP_STACK', 'Trunk', {}, { sipUserAgentId: [userAgent], transportConnectionIds: [connection] });

    const sip = node(g.compile(), 'Trunk').sip;
    expect(sip).to.deep.include({
      udp: true,
      tcp: false,
      tls: true,
      udpTcpPort: 5070,
      tlsPort: 5071,
      maxMessageBytes: 8192,
      userAgent: 'PBX/1.0',
      reliableProvisionals: 'REQUIRED',
      registrar: undefined,
    });
    expect(sip.identity).to.deep.equal({ certificatePem: `${CERTIFICATE}\n${CHAIN}\n`, privateKeyPem: `${KEY}\n` });
    expect(sip.credentials).to.deep.equal({
      username: 'trunk',
      password: 'Trunk-Pw-1',
      authorizationUsername: 'auth-trunk',
      realm: 'carrier.example',
    });
    expect(sip.media).to.deep.equal({
      firstPort: 30000,
      lastPort: 30999,
      timeoutSeconds: 30,
      audioCodecs: ['G729', 'G711U'],
    });
  });

  it('a node without user agent or transport listens on UDP and TCP at its port with the defaults', () => {
    const g = new GraphBuilder();
    g.add('TELSIP_STACK', 'Bare');
    const bare = node(g.compile(), 'Bare');
    expect(bare.sip).to.deep.equal({
      udp: true,
      tcp: true,
      tls: false,
      udpTcpPort: bare.local.port,
      tlsPort: 5061,
      maxMessageBytes: 65535,
      tcpPorts: { first: 9000, last: 12000 },
      natTraversal: false,
      identity: undefined,
      credentials: undefined,
      media: { firstPort: 40000, lastPort: 49999, timeoutSeconds: 0, audioCodecs: undefined },
      userAgent: 'gwsim',
      reliableProvisionals: 'SUPPORTED',
      sessionTimer: { enabled: true, expiresSeconds: 1800, minSeconds: 90 },
      registrar: undefined,
      peers: { sip: undefined, media: undefined },
      supervision: { keepAliveSeconds: 0, registration: undefined },
    });
    expect(bare.local.port).to.equal(5060);
  });

  it('opens no TLS listener without a certificate and key, and gives no credentials to a connection that does not authenticate', () => {
    const g = new GraphBuilder();
    const controller = g.add('IN_STACK', 'lo', { ipAddress: '127.0.0.1' });
    const identity = g.add('CRY_X509_STACK', 'certificate only', { certificate: CERTIFICATE });
    const security = g.add('INS_STACK', 'tls', {}, { digitalIdentityId: [identity] });
    const transport = g.add(
      'SIPST_STACK',
      'transport',
      { tlsEnabled: true },
      { networkControllerId: [controller], networkSecurityProfileId: [security] },
    );
    const userAgent = g.add('SIPUA_STACK', 'ua', {}, { sipTransportId: [transport] });
    const credentials = g.add('SIPAUTH_STACK', 'credentials', { username: 'u', password: 'p' });
    const connection = g.add(
      'SIPRT_PLAIN_ROUTE',
      'plain',
      { destinationIri: 'sip:127.0.0.1', authenticationEnabled: false },
      { credentialsId: [credentials] },
    );
    g.add('TELSIP_STACK', 'Peer', {}, { sipUserAgentId: [userAgent], transportConnectionIds: [connection] });

    const sip = node(g.compile(), 'Peer').sip;
    expect(sip).to.deep.include({
      tls: false,
      identity: undefined,
      credentials: undefined,
      udpTcpPort: 5060,
      tlsPort: 5061,
    });
    // catalog defaults stand in for values an object leaves out: the user agent header is the catalog's, not gwsim
    expect(sip.userAgent).to.equal('anynode');
  });

  it('a load balancer answers challenges with the credentials of its first member that has some', () => {
    const g = new GraphBuilder();
    const credentials = g.add('SIPAUTH_STACK', 'credentials', { username: 'member', password: 'Member-Pw' });
    const bare = g.add('SIPRT_PLAIN_ROUTE', 'no auth', { destinationIri: 'sip:127.0.0.1:5091' });
    const member = g.add(
      'SIPRT_PLAIN_ROUTE',
      'auth',
      { destinationIri: 'sip:127.0.0.1:5092', authenticationEnabled: true },
      { credentialsId: [credentials] },
    );
    const balancer = g.add('AN_SIPLB_STACK', 'balancer', {}, { transportConnectionIds: [bare, member] });
    g.add('TELSIP_STACK', 'Balanced', {}, { transportConnectionIds: [balancer] });
    expect(node(g.compile(), 'Balanced').sip.credentials).to.deep.equal({
      username: 'member',
      password: 'Member-Pw',
      authorizationUsername: undefined,
      realm: undefined,
    });
  });
});
