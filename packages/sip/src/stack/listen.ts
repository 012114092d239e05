import dgram from 'node:dgram';
import net from 'node:net';
import tls from 'node:tls';
import type { SipAddress, SipStackOptions } from './types.js';
import { WebSocketListener } from './websocket.js';

/** A UDP socket bound to host and port (0: ephemeral). */
export function bindUdp(host: string, port: number): Promise<dgram.Socket> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    socket.once('error', reject);
    socket.bind(port, host, () => {
      socket.off('error', reject);
      resolve(socket);
    });
  });
}

/** A server listening on host and port (0: ephemeral). */
export function listenOn(server: net.Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** The sockets a transport listens on, and their addresses (one per transport). */
export interface Listeners {
  readonly udp: dgram.Socket | undefined;
  readonly tcp: net.Server | undefined;
  readonly tlsServer: tls.Server | undefined;
  readonly websocket: WebSocketListener | undefined;
  readonly local: readonly SipAddress[];
}

/**
 * Opens the listeners the options ask for. With port 0, UDP gets an ephemeral port and TCP listens on the same
 * number; TLS and the WebSocket listener have their own ports.
 */
export async function openListeners(options: SipStackOptions, defaultMaxBytes: number): Promise<Listeners> {
  const wants = new Set(options.transports);
  if (wants.has('TLS') && (!options.tls?.key || !options.tls.cert))
    throw new Error('TLS needs options.tls (key and cert)');
  if (wants.has('WS') && wants.has('WSS')) throw new Error('one WebSocket listener: WS or WSS, not both');
  if (wants.has('WSS') && (!options.tls?.key || !options.tls.cert))
    throw new Error('WSS needs options.tls (key and cert)');
  const local: SipAddress[] = [];
  let websocket: WebSocketListener | undefined;
  let udp: dgram.Socket | undefined;
  let tcp: net.Server | undefined;
  let tlsServer: tls.Server | undefined;
  try {
    for (let attempt = 0; ; attempt++) {
      let port = options.port;
      if (wants.has('UDP')) {
        udp = await bindUdp(options.host, port);
        port = udp.address().port;
      }
      if (!wants.has('TCP')) break;
      tcp = net.createServer();
      try {
        await listenOn(tcp, options.host, port);
        break;
      } catch (e) {
        // The ephemeral port UDP got may be taken for TCP: try another pair.
        const code = (e as NodeJS.ErrnoException).code;
        udp?.close();
        udp = undefined;
        tcp = undefined;
        if (options.port !== 0 || !wants.has('UDP') || code !== 'EADDRINUSE' || attempt >= 20) throw e;
      }
    }
    if (udp) local.push({ transport: 'UDP', host: options.host, port: udp.address().port });
    if (tcp) local.push({ transport: 'TCP', host: options.host, port: (tcp.address() as net.AddressInfo).port });
    if (wants.has('TLS')) {
      tlsServer = tls.createServer({ key: options.tls!.key!, cert: options.tls!.cert! });
      await listenOn(tlsServer, options.host, options.tlsPort ?? 0);
      local.push({ transport: 'TLS', host: options.host, port: (tlsServer.address() as net.AddressInfo).port });
    }
    if (wants.has('WS') || wants.has('WSS')) {
      const secure = wants.has('WSS');
      websocket = await WebSocketListener.listen(options, secure, options.maxMessageBytes ?? defaultMaxBytes);
      local.push({ transport: secure ? 'WSS' : 'WS', host: options.host, port: websocket.port });
    }
  } catch (e) {
    udp?.close();
    tcp?.close();
    tlsServer?.close();
    throw e;
  }
  return { udp, tcp, tlsServer, websocket, local };
}
