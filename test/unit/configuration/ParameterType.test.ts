import { expect } from 'chai';
import {
  checkValue,
  isIpv6,
  mapReferences,
  pemLabels,
  type ParameterType,
} from '../../../src/contexts/configuration/graph/domain/catalog/ParameterType.js';
import { t } from '../../../src/contexts/configuration/graph/domain/catalog/SortDefinition.js';
import { CERTIFICATE_PEM, PRIVATE_KEY_PEM } from './support/ObjectsHarness.js';

function ok(type: ParameterType, value: unknown): boolean {
  return checkValue(type, value, 'field').length === 0;
}

describe('parameter types', () => {
  it('integers: whole numbers in range only', () => {
    const type = t.integer(1, 10);
    expect([1, 10, 5].map((v) => ok(type, v))).to.deep.equal([true, true, true]);
    expect([0, 11, 2.5, '5', null, true].map((v) => ok(type, v))).to.deep.equal([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(checkValue(type, 11, 'mtu')[0]!.message).to.equal('mtu must be a whole number from 1 to 10, got 11');
  });

  it('ports: 1 to 65535, and 0 only where it means "none"', () => {
    expect([1, 5060, 65535].every((v) => ok(t.port(), v))).to.equal(true);
    expect([0, 65536, -1, '5060'].some((v) => ok(t.port(), v))).to.equal(false);
    expect(ok(t.port(true), 0)).to.equal(true);
  });

  it('booleans and enums take only their own values', () => {
    expect(ok(t.boolean(), false)).to.equal(true);
    expect(ok(t.boolean(), 'false')).to.equal(false);
    expect(ok(t.enumOf(['UDP', 'TCP']), 'TCP')).to.equal(true);
    expect(ok(t.enumOf(['UDP', 'TCP']), 'tcp')).to.equal(false);
    expect(checkValue(t.enumOf(['UDP', 'TCP']), 'SCTP', 'transport')[0]!.message).to.equal(
      'transport must be one of UDP, TCP, got "SCTP"',
    );
  });

  it('IP addresses: IPv4 and IPv6, empty only when optional', () => {
    for (const address of [
      '192.0.2.10',
      '0.0.0.0',
      '::1',
      '2001:db8::10',
      'fe80::1:2:3:4',
      '::ffff:192.0.2.1',
      '1:2:3:4:5:6:7:8',
    ]) {
      expect(ok(t.ip(false), address), address).to.equal(true);
    }
    for (const address of ['256.1.1.1', '1.2.3', '2001:db8:::1', '1:2:3:4:5:6:7:8:9', 'host.example', ' 192.0.2.1']) {
      expect(ok(t.ip(false), address), address).to.equal(false);
    }
    expect(ok(t.ip(true), '')).to.equal(true);
    expect(ok(t.ip(false), '')).to.equal(false);
    expect(isIpv6('::')).to.equal(true);
  });

  it('host names: DNS names or addresses', () => {
    expect(ok(t.host(false), 'sbc.example.com')).to.equal(true);
    expect(ok(t.host(false), '10.1.1.1')).to.equal(true);
    expect(ok(t.host(false), 'bad_host!')).to.equal(false);
  });

  it('URIs: an allowed scheme', () => {
    const type = t.uri(['sip', 'sips'], false);
    expect(ok(type, 'sip:proxy.example.com:5060')).to.equal(true);
    expect(ok(type, 'SIPS:alice@example.com')).to.equal(true);
    expect(ok(type, 'http://example.com')).to.equal(false);
    expect(ok(type, 'proxy.example.com')).to.equal(false);
  });

  it('PEM: blocks with an allowed label, or empty', () => {
    expect(pemLabels(CERTIFICATE_PEM)).to.deep.equal(['CERTIFICATE']);
    expect(pemLabels(`${CERTIFICATE_PEM}\n${CERTIFICATE_PEM}\n`)).to.deep.equal(['CERTIFICATE', 'CERTIFICATE']);
    expect(pemLabels('not pem')).to.equal(undefined);
    expect(pemLabels(`junk ${CERTIFICATE_PEM}`)).to.equal(undefined);
    const certificate: ParameterType = { kind: 'pem', labels: ['CERTIFICATE'] };
    expect(ok(certificate, CERTIFICATE_PEM)).to.equal(true);
    expect(ok(certificate, PRIVATE_KEY_PEM)).to.equal(false);
    expect(ok(certificate, '')).to.equal(true);
  });

  it('strings: length and pattern', () => {
    expect(ok(t.string(3), 'abcd')).to.equal(false);
    expect(ok(t.string(10, false, /^\d+$/, 'digits'), '12')).to.equal(true);
    expect(checkValue(t.string(10, false, /^\d+$/, 'digits'), 'x', 'f')[0]!.message).to.equal(
      'f must be digits, got "x"',
    );
  });

  it('lists and records: item types, size, unknown and missing fields, each named by its path', () => {
    const type = t.list(
      t.record([
        { name: 'port', type: t.port(), default: 1, description: '' },
        { name: 'name', type: t.string(), default: '', description: '' },
      ]),
      2,
    );
    expect(ok(type, [{ port: 5060, name: 'a' }])).to.equal(true);
    const details = checkValue(type, [{ port: 0, extra: 1 }], 'rows');
    expect(details.map((d) => d.field)).to.deep.equal(['rows[0].extra', 'rows[0].name', 'rows[0].port']);
    expect(
      checkValue(
        type,
        [
          { port: 1, name: '' },
          { port: 1, name: '' },
          { port: 1, name: '' },
        ],
        'rows',
      )[0]!.rule,
    ).to.equal('maxItems');
    expect(ok(type, 'not a list')).to.equal(false);
  });

  it('re-points reference fields and nothing else', () => {
    const type = t.list(
      t.record([
        { name: 'to', type: t.ref('slot', ['IN_STACK']), default: '', description: '' },
        { name: 'label', type: t.string(), default: '', description: '' },
      ]),
    );
    const mapped = mapReferences(
      type,
      [
        { to: 'a', label: 'a' },
        { to: '', label: 'b' },
      ],
      (id) => `${id}!`,
    );
    expect(mapped).to.deep.equal([
      { to: 'a!', label: 'a' },
      { to: '', label: 'b' },
    ]);
  });
});
