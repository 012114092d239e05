import dgram from 'node:dgram';
import type { MediaAddress } from '../../../../src/contexts/simulation/media/infrastructure/index.js';

/** An RTP packet: version 2, the given header fields and `payloadBytes` of payload (its first byte `marker`). */
export function rtpPacket(fields: {
  seq: number;
  timestamp: number;
  ssrc?: number;
  payloadType?: number;
  payloadBytes?: number;
  marker?: number;
}): Buffer {
  const packet = Buffer.alloc(12 + (fields.payloadBytes ?? 160));
  packet[0] = 0x80;
  packet[1] = fields.payloadType ?? 0;
  packet.writeUInt16BE(fields.seq & 0xffff, 2);
  packet.writeUInt32BE(fields.timestamp >>> 0, 4);
  packet.writeUInt32BE(fields.ssrc ?? 0x1234abcd, 8);
  if (packet.length > 12) packet[12] = fields.marker ?? 0;
  return packet;
}

/** An RFC 4733 telephone-event packet: event, end bit, volume 10, duration (section 2.3). */
export function eventPacket(fields: {
  seq: number;
  timestamp: number;
  event: number;
  end: boolean;
  duration: number;
  ssrc?: number;
  payloadType?: number;
}): Buffer {
  const packet = rtpPacket({
    seq: fields.seq,
    timestamp: fields.timestamp,
    ssrc: fields.ssrc ?? 0x0e05384e,
    payloadType: fields.payloadType ?? 101,
    payloadBytes: 4,
  });
  packet[12] = fields.event;
  packet[13] = (fields.end ? 0x80 : 0) | 10;
  packet.writeUInt16BE(fields.duration, 14);
  return packet;
}

/** An RTCP receiver report from `ssrc` with one report block per entry of `blocks` (the source and its cumulative loss). */
export function receiverReport(ssrc: number, blocks: { source: number; lost: number }[]): Buffer {
  const packet = Buffer.alloc(8 + 24 * blocks.length);
  packet[0] = 0x80 | blocks.length;
  packet[1] = 201;
  packet.writeUInt16BE(packet.length / 4 - 1, 2);
  packet.writeUInt32BE(ssrc, 4);
  for (const [i, block] of blocks.entries()) {
    packet.writeUInt32BE(block.source, 8 + 24 * i);
    packet.writeIntBE(block.lost, 8 + 24 * i + 5, 3);
  }
  return packet;
}

/** An RTCP receiver report with no report blocks (8 bytes). */
export function rtcpPacket(ssrc = 0x1234abcd): Buffer {
  const packet = Buffer.alloc(8);
  packet[0] = 0x80;
  packet[1] = 201;
  packet.writeUInt16BE(1, 2);
  packet.writeUInt32BE(ssrc, 4);
  return packet;
}

/** A UDP socket on 127.0.0.1 (an ephemeral port unless one is named) that queues what it receives. */
export class Endpoint {
  readonly received: { packet: Buffer; from: MediaAddress }[] = [];
  private waiting: (() => void)[] = [];

  private constructor(readonly socket: dgram.Socket) {
    socket.on('message', (packet, from) => {
      this.received.push({ packet, from: { host: from.address, port: from.port } });
      for (const wake of this.waiting.splice(0)) wake();
    });
  }

  static async open(port = 0): Promise<Endpoint> {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, '127.0.0.1', () => resolve());
    });
    return new Endpoint(socket);
  }

  get address(): MediaAddress {
    return { host: '127.0.0.1', port: this.socket.address().port };
  }

  send(packet: Buffer, to: MediaAddress): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.send(packet, to.port, to.host, (error) => (error ? reject(error) : resolve())),
    );
  }

  /** Waits until `count` datagrams have arrived in all; returns the `count`-th. */
  async nth(count: number): Promise<{ packet: Buffer; from: MediaAddress }> {
    while (this.received.length < count) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.received[count - 1]!;
  }

  close(): void {
    this.socket.close();
  }
}

/** A phone: an RTP endpoint and its RTCP endpoint on the port above, as its SDP implies. */
export interface Phone {
  readonly rtp: Endpoint;
  readonly rtcp: Endpoint;
}

/** A phone on 127.0.0.1: an ephemeral RTP port whose next port up is free for RTCP. */
export async function phone(): Promise<Phone> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const rtp = await Endpoint.open();
    try {
      return { rtp, rtcp: await Endpoint.open(rtp.address.port + 1) };
    } catch {
      rtp.close();
    }
  }
  throw new Error('no RTP/RTCP port pair found for a test phone');
}

export function hangUp(...phones: Phone[]): void {
  for (const p of phones) {
    p.rtp.close();
    p.rtcp.close();
  }
}

export { freeUdpRange as freeRange } from '../../../support/udpPorts.js';
