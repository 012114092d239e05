import { expect } from 'chai';
import type { PlanPeer, PlanPeerWhitelist } from '../../../../src/contexts/configuration/index.js';
import { formatIp, inPrefix, parseIp } from '../../../../src/contexts/simulation/sip/domain/IpAddress.js';
import { PeerWhitelist } from '../../../../src/contexts/simulation/sip/domain/PeerWhitelist.js';

function address(host: string, prefixLength = host.includes(':') ? 128 : 32): PlanPeer {
  return { host, prefixLength, nameAddress: undefined };
}

function whitelist(entries: PlanPeer[], ownSubnet?: PlanPeer): PlanPeerWhitelist {
  return { id: 'w', displayName: 'peers', entries, ownSubnet };
}

describe('IP addresses (IpAddress)', () => {
  it('reads IPv4, IPv6 (with ::, a trailing dotted quad, brackets, a zone) and refuses what is no address', () => {
    expect(formatIp(parseIp('192.0.2.1')!)).to.equal('192.0.2.1');
    expect(formatIp(parseIp('::ffff:192.0.2.1')!), 'IPv4-mapped is the IPv4 peer').to.equal('192.0.2.1');
    expect(formatIp(parseIp('2001:DB8:0:0:0:0:0:1')!)).to.equal('2001:db8::1');
    expect(formatIp(parseIp('[2001:db8::1]')!)).to.equal('2001:db8::1');
    expect(formatIp(parseIp('fe80::1%eth0')!)).to.equal('fe80::1');
    expect(formatIp(parseIp('::')!)).to.equal('::');
    expect(formatIp(parseIp('::1')!)).to.equal('::1');
    expect(formatIp(parseIp('64:ff9b::192.0.2.33')!)).to.equal('64:ff9b::c000:221');
    expect(formatIp(parseIp('1:2:3:4:5:6:7:8')!)).to.equal('1:2:3:4:5:6:7:8');
    for (const bad of [
      '',
      'pbx.example.com',
      '256.0.0.1',
      '1.2.3',
      '01.2.3.4',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      ':::',
      'g::1',
    ])
      expect(parseIp(bad), bad).to.equal(undefined);
  });

  it('compares prefixes bit by bit', () => {
    const net = parseIp('2001:db8:abcd:ff00::')!;
    expect(inPrefix(parseIp('2001:db8:abcd:ff80::1')!, net, 56)).to.equal(true);
    expect(inPrefix(parseIp('2001:db8:abcd:fe00::1')!, net, 56)).to.equal(false);
    expect(inPrefix(parseIp('2001:db8:abcd:fe00::1')!, net, 48)).to.equal(true);
    expect(inPrefix(parseIp('::1')!, net, 0), 'a /0 holds everything').to.equal(true);
  });
});

describe('the peers a node hears (PeerWhitelist)', () => {
  it('without a whitelist, every peer', () => {
    const open = PeerWhitelist.of(undefined);
    expect(open.enforced).to.equal(false);
    expect(open.accepts('198.51.100.1')).to.equal(true);
    expect(open.accepts('2001:db8::1')).to.equal(true);
  });

  it('an address is one host; a prefix is its subnet (IPv4, host bits ignored)', () => {
    const peers = PeerWhitelist.of(whitelist([address('198.51.100.7'), address('192.0.2.10', 24)]));
    expect(peers.enforced).to.equal(true);
    expect(peers.accepts('198.51.100.7')).to.equal(true);
    expect(peers.accepts('198.51.100.8')).to.equal(false);
    expect(peers.accepts('192.0.2.0')).to.equal(true);
    expect(peers.accepts('192.0.2.255')).to.equal(true);
    expect(peers.accepts('192.0.3.1')).to.equal(false);
    expect(peers.accepts('::ffff:192.0.2.77'), 'an IPv4 peer on a dual-stack socket').to.equal(true);
    expect(peers.accepts('127.0.0.1'), 'the loopback is no exception').to.equal(false);
    expect(peers.accepts('not an address')).to.equal(false);
  });

  it('IPv6: a host, a /32 and a /64, and IPv4 and IPv6 never mix', () => {
    const peers = PeerWhitelist.of(
      whitelist([
        address('2001:db8::5'),
        address('2001:db9::', 32),
        address('fd00:1:2:3::', 64),
        address('0.0.0.0', 0),
      ]),
    );
    expect(peers.accepts('2001:db8::5')).to.equal(true);
    expect(peers.accepts('2001:db8::6')).to.equal(false);
    expect(peers.accepts('2001:db9:ffff::1')).to.equal(true);
    expect(peers.accepts('fd00:1:2:3:aaaa::1')).to.equal(true);
    expect(peers.accepts('fd00:1:2:4::1')).to.equal(false);
    expect(peers.accepts('203.0.113.9'), '0.0.0.0/0 is every IPv4 peer').to.equal(true);
    expect(peers.accepts('2001:dead::1'), 'but no IPv6 one').to.equal(false);
    const v6only = PeerWhitelist.of(whitelist([address('::', 0)]));
    expect(v6only.accepts('2001:dead::1'), '::/0 is every IPv6 peer').to.equal(true);
    expect(v6only.accepts('::1')).to.equal(true);
  });

  it('a host name is its simulated address and the loopback (a stand-in on this machine); the own subnet where included', () => {
    const named: PlanPeer = { host: 'pbx.example.com', prefixLength: 32, nameAddress: '203.0.113.44' };
    const peers = PeerWhitelist.of(whitelist([named], address('10.1.0.10', 16)));
    expect(peers.accepts('203.0.113.44')).to.equal(true);
    expect(peers.accepts('203.0.113.45')).to.equal(false);
    expect(peers.accepts('127.0.0.1')).to.equal(true);
    expect(peers.accepts('127.1.2.3')).to.equal(true);
    expect(peers.accepts('::1')).to.equal(true);
    expect(peers.accepts('10.1.255.254'), 'own subnet').to.equal(true);
    expect(peers.accepts('10.2.0.1')).to.equal(false);
    expect(peers.accepts('192.0.2.2'), "the machine's other addresses are not the loopback").to.equal(false);
    expect(peers.describe()).to.deep.equal([
      'pbx.example.com: 203.0.113.44/32 (simulated name service) and the loopback',
      '10.1.0.10/16 (own subnet)',
    ]);
  });

  it('an empty whitelist hears nobody; its verdicts are remembered without changing', () => {
    const nobody = PeerWhitelist.of(whitelist([]));
    expect(nobody.accepts('127.0.0.1')).to.equal(false);
    const peers = PeerWhitelist.of(whitelist([address('192.0.2.1')]));
    for (let i = 0; i < 5000; i += 1) peers.accepts(`10.0.${(i >> 8) & 255}.${i & 255}`);
    expect(peers.accepts('192.0.2.1')).to.equal(true);
    expect(peers.accepts('10.0.0.1')).to.equal(false);
  });
});
