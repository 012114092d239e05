import { expect } from 'chai';
import { uriProblem } from '../../../src/contexts/configuration/graph/domain/SipUri.js';

describe('SIP, SIPS and TEL URIs', () => {
  it('accepts SIP and SIPS URIs with user, host name, IPv4 or [IPv6] host, port, parameters and headers', () => {
    for (const uri of [
      'sip:localhost',
      'sip:localhost:5070',
      'sips:alice@example.net',
      'sip:+4930123@192.0.2.1:5060;transport=tcp',
      'sip:[2001:db8::1]:5061',
      'SIP:Bob@Example.COM',
      'sip:alice:pw@example.net?subject=hi',
      'sip:test.test',
    ]) {
      expect(uriProblem(uri, 'f', ['sip', 'sips']), uri).to.equal(undefined);
    }
  });

  it('refuses other schemes, bad hosts, bad ports and blanks, naming the field', () => {
    for (const uri of [
      'http://example.net',
      'sip:',
      'sip:host name',
      'sip:host:0',
      'sip:host:65536',
      'sip:[::g]',
      'sip:a@',
      'sip:-bad-.example',
      'example.net',
      'tel:+4930',
    ]) {
      const problem = uriProblem(uri, 'proxy.iri', ['sip', 'sips']);
      expect(problem, uri).to.not.equal(undefined);
      expect(problem!.field).to.equal('proxy.iri');
      expect(problem!.message).to.match(/^proxy\.iri /);
    }
  });

  it('accepts TEL URIs where allowed: global numbers, and local ones with their phone-context', () => {
    for (const uri of ['tel:+4930123456', 'tel:+49-30-123456;ext=7', 'tel:7042;phone-context=example.com'])
      expect(uriProblem(uri, 'uri', ['sip', 'sips', 'tel']), uri).to.equal(undefined);
    for (const uri of ['tel:abc', 'tel:+', 'tel:12 34', 'tel:7042'])
      expect(uriProblem(uri, 'uri', ['sip', 'sips', 'tel']), uri).to.not.equal(undefined);
    expect(uriProblem('tel:+4930123456', 'uri', ['sip', 'sips'])!.message).to.contain('SIP, SIPS URI');
  });
});
