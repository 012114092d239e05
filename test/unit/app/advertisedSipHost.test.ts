import { expect } from 'chai';
import type { NetworkInterfaceInfo } from 'node:os';
import {
  advertisedSipHost,
  isWildcardHost,
  type NetworkInterfaces,
} from '../../../src/app/config/advertisedSipHost.js';

/** An interface address as os.networkInterfaces() lists it. */
function address(address: string, internal = false): NetworkInterfaceInfo {
  const v6 = address.includes(':');
  return {
    address,
    netmask: v6 ? 'ffff:ffff:ffff:ffff::' : '255.255.255.0',
    family: v6 ? 'IPv6' : 'IPv4',
    mac: internal ? '00:00:00:00:00:00' : '02:fc:00:00:00:01',
    internal,
    cidr: `${address}/${v6 ? 64 : 24}`,
    ...(v6 ? { scopeid: 0 } : {}),
  } as NetworkInterfaceInfo;
}

const LOOPBACK = { lo: [address('127.0.0.1', true), address('::1', true)] };

describe('the address SIP advertises when GWSIM_SIP_ADVERTISE is not set', () => {
  const machine: NetworkInterfaces = {
    ...LOOPBACK,
    eth0: [address('fe80::fc:ff:fe00:1'), address('192.0.2.2'), address('fd00::2')],
    eth1: [address('198.51.100.9'), address('2001:db8::9')],
  };

  it('a concrete bind address names itself (undefined: the listeners write the address they are bound to)', () => {
    for (const bind of ['127.0.0.1', '192.0.2.2', '::1', 'localhost', 'sbc.lab.test'])
      expect(advertisedSipHost(bind, machine), bind).to.equal(undefined);
  });

  it("a wildcard names the first non-internal interface address of its family, in the system's order", () => {
    expect(advertisedSipHost('0.0.0.0', machine)).to.equal('192.0.2.2');
    expect(advertisedSipHost('::', machine), 'a link-local address needs a zone no header carries').to.equal('fd00::2');
    expect(advertisedSipHost('[::]', machine)).to.equal('fd00::2');
    const otherOrder: NetworkInterfaces = { eth1: machine['eth1'], ...LOOPBACK, eth0: machine['eth0'] };
    expect(advertisedSipHost('0.0.0.0', otherOrder)).to.equal('198.51.100.9');
    expect(advertisedSipHost('::', otherOrder)).to.equal('2001:db8::9');
  });

  it('with no such interface a wildcard names the loopback of its family', () => {
    expect(advertisedSipHost('0.0.0.0', LOOPBACK)).to.equal('127.0.0.1');
    expect(advertisedSipHost('::', LOOPBACK)).to.equal('::1');
    expect(advertisedSipHost('0.0.0.0', {})).to.equal('127.0.0.1');
    const v6Only: NetworkInterfaces = { ...LOOPBACK, eth0: [address('fd00::2')] };
    expect(advertisedSipHost('0.0.0.0', v6Only), 'an IPv4 wildcard never names an IPv6 address').to.equal('127.0.0.1');
    const linkLocalOnly: NetworkInterfaces = { ...LOOPBACK, eth0: [address('192.0.2.2'), address('fe80::1')] };
    expect(advertisedSipHost('::', linkLocalOnly)).to.equal('::1');
  });

  it('knows the wildcards in their spellings and nothing else', () => {
    for (const host of ['0.0.0.0', '::', '[::]', '0:0:0:0:0:0:0:0', '::0'])
      expect(isWildcardHost(host), host).to.equal(true);
    for (const host of ['127.0.0.1', '0.0.0.1', '::1', '0.0.0.0.example', 'localhost'])
      expect(isWildcardHost(host), host).to.equal(false);
  });
});
