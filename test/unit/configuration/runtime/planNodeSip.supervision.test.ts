import { expect } from 'chai';
import { GraphBuilder, node } from './planNodeSipSupport.js';
import type { ParameterValue } from '../../../../src/contexts/configuration/graph/domain/ConfigObject.js';

/** A trunk node: a user agent with `ua` parameters, a connection of `sort` with `connection` parameters. */
function trunk(
  ua: Record<string, ParameterValue>,
  connection: Record<string, ParameterValue>,
  sort: 'AN_SIPRT_ROUTE' | 'SIPUA_REGISTRATION' = 'AN_SIPRT_ROUTE',
  credentials: Record<string, ParameterValue> | undefined = { username: 'acme', password: 'Trunk-Pw-1' },
) {
  const g = new GraphBuilder();
  const transport = g.add('SIPST_STACK', 'transport', { udpTcpPort: 5070 });
  const userAgent = g.add('SIPUA_STACK', 'ua', ua, { sipTransportId: [transport] });
  const refs: Record<string, string[]> = credentials
    ? { credentialsId: [g.add('SIPAUTH_STACK', 'credentials', credentials)] }
    : {};
  const link = g.add(sort, 'connection', connection, refs);
  g.add('TELSIP_STACK', 'Trunk', {}, { sipUserAgentId: [userAgent], transportConnectionIds: [link] });
  return node(g.compile(), 'Trunk').sip.supervision;
}

describe("the plan knows how the gateway watches a node's trunk (PlanNode.sip.supervision)", () => {
  it("keeps alive every optionsIntervalSeconds where the connection sends OPTIONS to its proxy (the catalog's defaults: 60 s, on)", () => {
    expect(trunk({}, { proxyIri: 'sip:127.0.0.1:5090' }).keepAliveSeconds).to.equal(60);
    expect(trunk({ optionsIntervalSeconds: 5 }, { proxyIri: 'sip:127.0.0.1:5090' }).keepAliveSeconds).to.equal(5);
    expect(trunk({ optionsIntervalSeconds: 0 }, { proxyIri: 'sip:127.0.0.1:5090' }).keepAliveSeconds).to.equal(0);
    expect(trunk({}, { proxyIri: 'sip:127.0.0.1:5090', proxyOptions: false }).keepAliveSeconds).to.equal(0);
  });

  it('registers where the connection names a registration domain: under its AOR, else its user at that domain', () => {
    expect(trunk({}, { proxyIri: 'sip:127.0.0.1:5090' }).registration).to.equal(undefined);
    expect(
      trunk({}, { registrationSipDomain: 'sip:carrier.example', addressOfRecord: 'sip:+4930123@carrier.example' })
        .registration,
    ).to.deep.equal({
      registrarUri: 'sip:carrier.example',
      addressOfRecord: 'sip:+4930123@carrier.example',
      expiresSeconds: 3600,
      contactUser: '+4930123',
    });
    expect(trunk({}, { registrationSipDomain: 'sip:carrier.example:5080' }).registration).to.deep.include({
      addressOfRecord: 'sip:acme@carrier.example:5080',
      contactUser: 'acme',
    });
  });

  it('a SIP registration object registers at its registrar for its lifetime, and sends no OPTIONS', () => {
    const supervision = trunk(
      {},
      { registrarIri: 'sip:reg.example', addressOfRecord: 'sip:100@reg.example', expiresSeconds: 600 },
      'SIPUA_REGISTRATION',
      undefined,
    );
    expect(supervision).to.deep.equal({
      keepAliveSeconds: 0,
      registration: {
        registrarUri: 'sip:reg.example',
        addressOfRecord: 'sip:100@reg.example',
        expiresSeconds: 600,
        contactUser: '100',
      },
    });
  });
});
