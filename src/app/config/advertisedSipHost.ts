import { isIP } from 'node:net';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

/** This machine's interfaces as `os.networkInterfaces()` lists them, by name in the system's order. */
export type NetworkInterfaces = NodeJS.Dict<readonly NetworkInterfaceInfo[]>;

/** Whether a bind address is a wildcard (every address of its family: 0.0.0.0, or :: in any spelling). */
export function isWildcardHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return bare === '0.0.0.0' || (isIP(bare) === 6 && /^[0:]+$/.test(bare));
}

/** An IPv6 link-local address (fe80::/10) is reached only with a zone, which no Via, Contact or c= line carries. */
function linkLocal(address: string): boolean {
  return /^fe[89ab][0-9a-f]:/i.test(address);
}

/**
 * The address the SIP listeners name themselves by when GWSIM_SIP_ADVERTISE is not set. A concrete bind address
 * names itself: undefined here (the listeners write the address they are bound to, as they always did). A wildcard
 * (0.0.0.0, ::) is no address a peer can send to (RFC 3261 sections 18.2.1 and 20.42: the Via's sent-by is where
 * responses go; section 8.1.1.8: the Contact is where requests in the dialog go; RFC 4566 section 5.7: c= is where
 * media goes), so it names this machine's first non-internal interface of the wildcard's family, in the order
 * `interfaces` lists them (a link-local IPv6 address passed over), else the loopback (127.0.0.1, ::1).
 */
export function advertisedSipHost(
  bind: string,
  interfaces: NetworkInterfaces = networkInterfaces(),
): string | undefined {
  if (!isWildcardHost(bind)) return undefined;
  const family = bind.includes(':') ? 'IPv6' : 'IPv4';
  for (const addresses of Object.values(interfaces)) {
    const found = (addresses ?? []).find(
      (info) => info.family === family && !info.internal && !(family === 'IPv6' && linkLocal(info.address)),
    );
    if (found) return found.address;
  }
  return family === 'IPv6' ? '::1' : '127.0.0.1';
}
