import dgram from 'node:dgram';
import { MediaPortPool, RtpRelay } from '../../src/contexts/simulation/media/infrastructure/index.js';

/** One way of carrying the phones' RTP: straight to each other (the baseline) or through the gateway's relays. */
export interface RtpPathFigures {
  readonly packetsSent: number;
  readonly packetsDelivered: number;
  /** CPU of this process (phones and, when relayed, the relays) per packet sent, in µs. */
  readonly cpuMicrosPerPacket: number;
}

export interface RtpRelayBenchFigures {
  readonly calls: number;
  /** RTP packets per second offered in all: calls × 2 directions × 50 packets/s. */
  readonly offeredPacketsPerSecond: number;
  readonly seconds: number;
  readonly direct: RtpPathFigures;
  readonly relayed: RtpPathFigures;
  /** The relays' share: CPU per packet relayed less CPU per packet sent directly, in µs. */
  readonly relayMicrosPerPacket: number;
  /** The relays' share of one core at the offered rate, in % (from relayMicrosPerPacket, so a busy machine does not skew it). */
  readonly relayCpuPercent: number;
}

const PACKET_INTERVAL_MS = 20;

async function bound(): Promise<dgram.Socket> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  return socket;
}

/**
 * Every phone sends one 20 ms PCMU packet (172 bytes) every 20 ms for `seconds`, to `destination(index)`; counts
 * what the phones receive and the process's CPU meanwhile.
 */
async function run(
  phones: dgram.Socket[],
  destination: (index: number) => { host: string; port: number },
  seconds: number,
): Promise<RtpPathFigures> {
  let delivered = 0;
  let sent = 0;
  const count = () => {
    delivered += 1;
  };
  for (const p of phones) p.on('message', count);
  const template = Buffer.alloc(172);
  template[0] = 0x80;
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  let seq = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      seq += 1;
      for (const [index, phone] of phones.entries()) {
        const packet = Buffer.from(template);
        packet.writeUInt16BE(seq & 0xffff, 2);
        packet.writeUInt32BE((seq * 160) >>> 0, 4);
        packet.writeUInt32BE(index, 8);
        const to = destination(index);
        phone.send(packet, to.port, to.host);
        sent += 1;
      }
      if (performance.now() - wallBefore >= seconds * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, PACKET_INTERVAL_MS);
  });
  await new Promise((resolve) => setTimeout(resolve, 200)); // the last packets land
  const cpu = process.cpuUsage(cpuBefore);
  for (const p of phones) p.off('message', count);
  return {
    packetsSent: sent,
    packetsDelivered: delivered,
    cpuMicrosPerPacket: Math.round(((cpu.user + cpu.system) / sent) * 100) / 100,
  };
}

/**
 * `calls` calls' worth of RTP (two phones each, 50 packets/s each way) for `seconds`, first phone to phone, then
 * through one RtpRelay per call (two port pools of 127.0.0.1), in this process. The difference in CPU per packet
 * is the relays' cost (per packet, not per second, so timer lag on a busy machine does not skew it).
 */
export async function rtpRelayBench(options: { calls?: number; seconds?: number } = {}): Promise<RtpRelayBenchFigures> {
  const calls = options.calls ?? 200;
  const seconds = options.seconds ?? 5;
  const phones = await Promise.all(Array.from({ length: 2 * calls }, bound));
  const address = (socket: dgram.Socket) => ({ host: '127.0.0.1', port: socket.address().port });
  const pools = [
    new MediaPortPool('127.0.0.1', { first: 20000, last: 20000 + 4 * calls + 199 }),
    new MediaPortPool('127.0.0.1', { first: 22000, last: 22000 + 4 * calls + 199 }),
  ] as const;
  const relays: RtpRelay[] = [];
  try {
    // Phone 2i calls phone 2i + 1.
    const direct = await run(phones, (index) => address(phones[index ^ 1]!), seconds);
    for (let call = 0; call < calls; call += 1) {
      const relay = await RtpRelay.open(pools, { timeoutMs: 30_000 }, { timeout: () => undefined });
      relay.setRemote(0, address(phones[2 * call]!));
      relay.setRemote(1, address(phones[2 * call + 1]!));
      relays.push(relay);
    }
    const relayed = await run(phones, (index) => relays[index >> 1]!.local(index & 1 ? 1 : 0), seconds);
    const relayMicrosPerPacket = Math.round((relayed.cpuMicrosPerPacket - direct.cpuMicrosPerPacket) * 100) / 100;
    const offeredPacketsPerSecond = 2 * calls * (1000 / PACKET_INTERVAL_MS);
    return {
      calls,
      seconds,
      direct,
      relayed,
      relayMicrosPerPacket,
      offeredPacketsPerSecond,
      relayCpuPercent: Math.round((relayMicrosPerPacket * offeredPacketsPerSecond) / 1e4),
    };
  } finally {
    for (const relay of relays) relay.close();
    for (const phone of phones) phone.close();
  }
}
