import { expect } from 'chai';
import { OBJECT_SORTS, type ObjectSort } from '../../../src/contexts/configuration/graph/domain/ObjectSort.js';
import { SortCatalog, checkDefinition } from '../../../src/contexts/configuration/graph/domain/catalog/SortCatalog.js';
import { checkValue } from '../../../src/contexts/configuration/graph/domain/catalog/ParameterType.js';
import { p, r, sortDefinition, t, f } from '../../../src/contexts/configuration/graph/domain/catalog/SortDefinition.js';

describe('the sort catalog', () => {
  it('defines every sort of the specification once, in its order', () => {
    expect(SortCatalog.all().map((d) => d.sort)).to.deep.equal([...OBJECT_SORTS]);
  });

  it('is consistent: no reserved or repeated names, valid defaults, derived slots filled by reference fields', () => {
    for (const definition of SortCatalog.all()) expect(checkDefinition(definition), definition.sort).to.deep.equal([]);
  });

  it('gives the kinds in plain words the specification names', () => {
    const kinds: Partial<Record<ObjectSort, string>> = {
      USRAGG_DIRECTORY: 'aggregate directory',
      AN_SIPLB_STACK: 'load balancer',
      AN_SIPRT_ROUTE: 'standard transport connection',
      CS_CONDITION: 'condition',
      CS_STUB: 'rate limiter',
      CRY_X509_STACK: 'digital identity and trust',
      CS_SCHEDULER: 'time range',
      MEDIA_PUMP_DOMAIN: 'media transcoding options',
      IN_STACK: 'network controller',
      IN_MAP_STACK: 'network mapping',
      IN_FILTER: 'network peer whitelist',
      MNS_STACK: 'media negotiation',
      REC_STACK: 'media recorder',
      TELSIPREG_REGISTRAR: 'SIP registrar',
      SIPST_STACK: 'SIP transport',
      SIPUA_STACK: 'SIP user agent',
      TELSIP_STACK: 'node',
      TELRT_STACK: 'routing domain',
      TELRT_FORWARDER_DOMAIN: 'routing forward profile',
      TEL_REWRITE_DOMAIN: 'dial string rewriting',
      SIPPX_STACK: 'request router',
      HTTP_SERVER: 'web server connector',
      INS_STACK: 'network security profile',
    };
    for (const [sort, kind] of Object.entries(kinds))
      expect(SortCatalog.of(sort as ObjectSort).kind, sort).to.equal(kind);
    for (const definition of SortCatalog.all()) expect(definition.kind, definition.sort).to.not.equal('');
  });

  it('flags passwords, private keys, certificates and secrets as private data, and nothing else', () => {
    expect(SortCatalog.privateParameters('SIPAUTH_STACK')).to.deep.equal(['password']);
    expect(SortCatalog.privateParameters('CRY_X509_STACK')).to.deep.equal([
      'certificate',
      'privateKey',
      'certificateChain',
      'trustedCertificates',
    ]);
    expect(SortCatalog.privateParameters('HTTP_SERVER')).to.deep.equal(['privateKey', 'certificate']);
    expect(SortCatalog.privateParameters('IPC_CLIENT')).to.deep.equal(['sharedSecret']);
    expect(SortCatalog.privateParameters('OAUTH_CLIENT')).to.deep.equal(['clientSecret']);
    expect(SortCatalog.privateParameters('SIPST_STACK')).to.deep.equal([]);
    for (const definition of SortCatalog.all()) {
      for (const parameter of definition.parameters.filter((d) => d.private))
        expect(parameter.default, `${definition.sort}.${parameter.name}`).to.equal('');
    }
  });

  it("holds the typed areas' essentials: SIP transport ports, node references, hot-standby links", () => {
    expect(SortCatalog.parameter('SIPST_STACK', 'udpTcpPort')).to.include({ default: 5060 });
    expect(SortCatalog.parameter('SIPST_STACK', 'tlsPort')).to.include({ default: 5061 });
    expect(SortCatalog.slot('SIPST_STACK', 'networkControllerId')).to.include({ cardinality: 'one', required: true });
    expect(SortCatalog.slot('TELSIP_STACK', 'transportConnectionIds')!.targets).to.include.members([
      'AN_SIPRT_ROUTE',
      'SIPRT_PLAIN_ROUTE',
      'AN_SIPLB_STACK',
      'SRVLB_STACK',
    ]);
    expect(SortCatalog.slot('TELRT_STACK', 'routeNodeIds')).to.include({ derived: true });
    expect(SortCatalog.parameter('IPC_CLIENT', 'remotePort')).to.include({ default: 12100 });
    expect(SortCatalog.parameter('HTTP_SERVER', 'requestDomains')!.type).to.deep.include({ kind: 'list' });
  });

  it('gives a new object every default, and each default passes its own type', () => {
    for (const definition of SortCatalog.all()) {
      const defaults = SortCatalog.defaults(definition.sort);
      expect(Object.keys(defaults)).to.deep.equal(definition.parameters.map((d) => d.name));
      for (const parameter of definition.parameters)
        expect(checkValue(parameter.type, defaults[parameter.name], parameter.name)).to.deep.equal([]);
    }
  });

  it('recomputes derived slots from reference fields, once per id, in order of appearance', () => {
    const a = '00000000-0000-4000-8000-00000000000a';
    const b = '00000000-0000-4000-8000-00000000000b';
    const target = (node: string, profile = '') => ({ destinationNodeId: node, routingForwardProfileId: profile });
    const route = (node: string, profile = '', filterNode?: string) => ({
      ...defaultsOfRoute(),
      establishment: { action: 'ACCEPT', routingTargets: [target(node, profile)] },
      filters: filterNode ? [{ sourceNodeIds: [filterNode] }] : [],
    });
    const derived = SortCatalog.derivedReferences('TELRT_STACK', {
      routes: [route(a), route(b, a), route(a, '', b)],
      pathReplacementRoutes: [],
    });
    expect(derived).to.deep.equal({ routeNodeIds: [a, b], routeFilterNodeIds: [b], routeForwardProfileIds: [a] });
  });

  it('refuses a definition that contradicts itself', () => {
    const broken = sortDefinition(
      'IN_STACK',
      'x',
      'x',
      [
        p.integer('mtu', 'x', 1, 10, 99),
        p.string('comment', 'a reserved name'),
        p.list('rows', 'x', t.record([f.field('to', t.ref('targets', ['IN_STACK']), '')])),
      ],
      [
        r.many('others', ['IN_STACK'], 'not derived but never filled'),
        r.derived('orphan', ['IN_STACK'], 'derived, never filled'),
      ],
    );
    const problems = checkDefinition(broken);
    expect(problems.some((m) => m.includes('default of mtu'))).to.equal(true);
    expect(problems.some((m) => m.includes('comment uses a reserved name'))).to.equal(true);
    expect(problems.some((m) => m.includes('undeclared slot targets'))).to.equal(true);
    expect(problems.some((m) => m.includes('orphan is derived but no reference field fills it'))).to.equal(true);
  });
});

function defaultsOfRoute(): Record<string, unknown> {
  const type = SortCatalog.parameter('TELRT_STACK', 'routes')!.type;
  if (type.kind !== 'list' || type.of.kind !== 'record') throw new Error('routes are a list of records');
  return Object.fromEntries(type.of.fields.map((field) => [field.name, field.default]));
}
