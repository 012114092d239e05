import { expect } from 'chai';
import { absoluteMediaFiles, allowEarly100, escapeAttributeBrackets, loopbackAddresses } from './scenarioCopy.js';

const send = (message: string) => `<send retrans="500"><![CDATA[\n  ${message}\n  Content-Length: 0\n]]></send>`;

describe('the temporary copy of another project’s SIPp scenario', () => {
  describe('escapeAttributeBrackets', () => {
    it('writes < and > of an attribute value as entities', () => {
      expect(escapeAttributeBrackets('<ereg regexp="<sip:(.*)>" assign_to="3,4"/>')).to.equal(
        '<ereg regexp="&lt;sip:(.*)&gt;" assign_to="3,4"/>',
      );
    });

    it('leaves the messages (CDATA) and comments alone', () => {
      const xml = `<!-- a="<b>" -->${send('To: x="<sip:a@b>"')}`;
      expect(escapeAttributeBrackets(xml)).to.equal(xml);
    });
  });

  describe('allowEarly100', () => {
    it('puts an optional 100 before the final response a request expects first', () => {
      const xml = `${send('FOOBAR sip:x@y SIP/2.0')}\n  <recv response="501"/>`;
      expect(allowEarly100(xml)).to.equal(
        `${send('FOOBAR sip:x@y SIP/2.0')}\n  <recv response="100" optional="true"/>\n  <recv response="501"/>`,
      );
    });

    it('adds nothing where a 100 is already among the receives that follow', () => {
      const xml = `${send('INVITE sip:x@y SIP/2.0')}<recv response="180" optional="true"/><recv response="100" optional="true"/><recv response="200"/>`;
      expect(allowEarly100(xml)).to.equal(xml);
    });

    it('adds nothing after an ACK or a response, nor before a receive of a request', () => {
      const xml = `${send('ACK sip:x@y SIP/2.0')}<recv response="200"/>${send('SIP/2.0 200 OK')}<recv response="200"/>${send('BYE sip:x SIP/2.0')}<recv request="BYE"/>`;
      expect(allowEarly100(xml)).to.equal(xml);
    });

    it('looks past pauses and treats every request the scenario sends, in order', () => {
      const xml = `${send('INVITE sip:x SIP/2.0')}<pause milliseconds="5"/><recv response="483"/>${send('BYE sip:x SIP/2.0')}<recv response="200" crlf="true"/>`;
      const out = allowEarly100(xml);
      expect(out.match(/<recv response="100" optional="true"\/>/g)).to.have.length(2);
      expect(out.indexOf('<recv response="100"')).to.be.below(out.indexOf('<recv response="483"'));
    });

    it('is not misled by tags written inside a message', () => {
      const xml = `${send('INVITE sip:x SIP/2.0\n  Contact: <recv response="100"/>')}<recv response="200"/>`;
      expect(allowEarly100(xml)).to.include('<recv response="100" optional="true"/>\n  <recv response="200"/>');
    });
  });

  describe('loopbackAddresses', () => {
    it('turns the addresses of other labs inside messages into 127.0.0.1, keeping loopback and 0.0.0.0', () => {
      const xml = `<!-- 192.168.0.15 -->${send('c=IN IP4 192.168.0.15\n  Contact: <sip:a@172.29.0.13> 127.0.0.2 0.0.0.0')}`;
      expect(loopbackAddresses(xml)).to.equal(
        `<!-- 192.168.0.15 -->${send('c=IN IP4 127.0.0.1\n  Contact: <sip:a@127.0.0.1> 127.0.0.2 0.0.0.0')}`,
      );
    });
  });

  describe('absoluteMediaFiles', () => {
    it("names a played pcap file by its path beside the scenario's original", () => {
      expect(absoluteMediaFiles('<exec play_pcap_audio="pcap/g711a.pcap"/>', '/s/d')).to.equal(
        '<exec play_pcap_audio="/s/d/pcap/g711a.pcap"/>',
      );
    });
  });
});
