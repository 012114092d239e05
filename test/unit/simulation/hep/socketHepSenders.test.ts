import { expect } from 'chai';
import dgram from 'node:dgram';
import net from 'node:net';
import { Hep3StreamReader, decodeHep3, type DecodedHep3 } from '@gwsim/hep';
import type { SipMessageEntry } from '../../../../src/contexts/monitoring/index.js';
import { hepSetting, DEFAULT_HEP_SETTING } from '../../../../src/contexts/simulation/hep/domain/HepSetting.js';
import type { HepSender, HepSenderState } from '../../../../src/contexts/simulation/hep/application/HepSender.js';
import { SocketHepSenders } from '../../../../src/contexts/simulation/hep/infrastructure/SocketHepSenders.js';
import { MAX_QUEUED } from '../../../../src/contexts/simulation/hep/infrastructure/SocketHepSender.js';
import { MonitorRecordMother } from '../../../support/MonitorRecordMother.js';
import { SilentLogger } from '../../../support/SilentLogger.js';

const SESSION = 'f1c2a3b4-0001-4000-8000-0000000000aa';
const messages = (): readonly SipMessageEntry[] => MonitorRecordMother.messages(SESSION);
const items = (list: readonly SipMessageEntry[], correlationId = 'caller@pbx') =>
  list.map((entry) => ({ entry, correlationId }));

/** Resolves once `check` holds, polling every 10 ms; fails naming `what` after `ms`. */
async function until<T>(what: string, check: () => T | undefined | false, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A UDP socket playing the collector on a free port of the loopback: the HEP messages it received, decoded. */
async function udpCollector(): Promise<{ port: number; received: DecodedHep3[]; close: () => void }> {
  const socket = dgram.createSocket('udp4');
  const received: DecodedHep3[] = [];
  socket.on('message', (message) => received.push(decodeHep3(message)));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: socket.address().port, received, close: () => socket.close() };
}

/** A TCP server playing the collector: the messages it framed out of the stream, decoded. */
async function tcpCollector(port = 0): Promise<{ port: number; received: DecodedHep3[]; close: () => Promise<void> }> {
  const received: DecodedHep3[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const reader = new Hep3StreamReader();
    socket.on('data', (bytes) => received.push(...reader.push(bytes).map(decodeHep3)));
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (bound, read, closed). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('HEP senders on real sockets', function () {
  this.timeout(30_000);
  const senders = new SocketHepSenders(new SilentLogger());
  const open: HepSender[] = [];
  const sender = (input: Parameters<typeof hepSetting>[1]) => {
    const made = senders.open(hepSetting(DEFAULT_HEP_SETTING, { enabled: true, ...input }));
    open.push(made);
    return made;
  };
  afterEach(() => open.splice(0).forEach((s) => s.close()));

  it('over UDP: one datagram per message, each the recorded message with its addresses, time, id, key and correlation', async () => {
    const collector = await udpCollector();
    try {
      const udp = sender({ host: '127.0.0.1', port: collector.port, captureId: 2001, password: 'myHep' });
      const recorded = messages();
      udp.enqueue(items(recorded));
      await until('every message', () => collector.received.length === recorded.length);
      // a datagram may reach the collector before the send's callback counts it
      await until('every message counted', () => udp.state().sent === recorded.length);
      collector.received.forEach((hep, index) => {
        const entry = recorded[index]!;
        expect(hep).to.deep.include({
          transport: 'udp',
          source: { ip: entry.sourceIpAddress, port: entry.sourcePort },
          destination: { ip: entry.destinationIpAddress, port: entry.destinationPort },
          timestampMicros: entry.timestampMicros,
          protocolType: 1,
          captureId: 2001,
          authKey: 'myHep',
          correlationId: 'caller@pbx',
        });
        expect(hep.payload!.toString('utf8')).to.equal(entry.message);
      });
      expect(udp.state()).to.deep.include({ state: 'connected', sent: recorded.length, dropped: 0, queued: 0 });
    } finally {
      collector.close();
    }
  });

  it('over UDP toward a port nobody listens on: the refusals are dropped and counted, the socket stays', async () => {
    const port = await freePort();
    const udp = sender({ host: '127.0.0.1', port });
    await until('the socket', () => udp.state().state === 'connected');
    for (let round = 0; round < 20 && udp.state().dropped === 0; round += 1) {
      udp.enqueue(items(messages()));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const state: HepSenderState = udp.state();
    expect(state.dropped, 'ICMP port unreachable comes back as a refusal').to.be.greaterThan(0);
    expect(state.lastError).to.equal('ECONNREFUSED');
    expect(state.state).to.equal('connected');
    // the collector comes: the same socket reaches it
    const socket = dgram.createSocket('udp4');
    const received: DecodedHep3[] = [];
    socket.on('message', (message) => received.push(decodeHep3(message)));
    await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve));
    try {
      udp.enqueue(items(messages()));
      await until('the messages', () => received.length === messages().length);
    } finally {
      socket.close();
    }
  });

  it('over TCP: the messages one after another on one connection, framed by their length', async () => {
    const collector = await tcpCollector();
    try {
      const tcp = sender({ host: '127.0.0.1', port: collector.port, transport: 'tcp' });
      const recorded = messages();
      tcp.enqueue(items(recorded));
      tcp.enqueue(items(recorded, 'second-call'));
      await until('both batches', () => collector.received.length === 2 * recorded.length);
      expect(collector.received.map((m) => m.transport)).to.satisfy((t: string[]) => t.every((x) => x === 'udp'));
      expect(collector.received.map((m) => m.payload!.toString('utf8'))).to.deep.equal(
        [...recorded, ...recorded].map((m) => m.message),
      );
      expect(collector.received.at(-1)!.correlationId).to.equal('second-call');
      await until('every message counted', () => tcp.state().sent === 2 * recorded.length);
      expect(tcp.state()).to.deep.include({ state: 'connected', sent: 2 * recorded.length, dropped: 0 });
    } finally {
      await collector.close();
    }
  });

  it('over TCP: drops and counts while the collector is down, connects again with backoff once it is up', async () => {
    const port = await freePort();
    const tcp = sender({ host: '127.0.0.1', port, transport: 'tcp' });
    await until('the refusal', () => tcp.state().state === 'waiting');
    expect(tcp.state().lastError).to.equal('ECONNREFUSED');
    tcp.enqueue(items(messages()));
    expect(tcp.state().dropped, 'dropped at once, not queued').to.equal(messages().length);
    const collector = await tcpCollector(port);
    try {
      await until('the connection again', () => tcp.state().state === 'connected', 10_000);
      tcp.enqueue(items(messages()));
      await until('the messages', () => collector.received.length === messages().length);
      // the collector goes away: the connection closes, and the sender waits for it again
      await collector.close();
      await until('the closed connection', () => tcp.state().state !== 'connected');
    } finally {
      await collector.close();
    }
  });

  it('drops what HEP cannot carry (a host name for an address) and what passes the queue, counting both', async () => {
    const collector = await udpCollector();
    try {
      const udp = sender({ host: '127.0.0.1', port: collector.port });
      await until('the socket', () => udp.state().state === 'connected');
      const [first] = messages();
      udp.enqueue([{ entry: { ...first!, sourceIpAddress: 'pbx.example.com' }, correlationId: undefined }]);
      await until('the drop', () => udp.state().dropped === 1);
      expect(udp.state().lastError).to.match(/cannot carry.*IPv4 or IPv6/);
      const many = Array.from({ length: MAX_QUEUED + 5 }, () => ({ entry: first!, correlationId: undefined }));
      udp.enqueue(many);
      expect(udp.state().dropped).to.equal(1 + 5);
      // the loopback may drop datagrams of such a burst before the collector reads them: the sender's count says
      await until('the queue sent', () => udp.state().queued === 0 && udp.state().sent === MAX_QUEUED, 20_000);
      await until('datagrams', () => collector.received.length > 0);
    } finally {
      collector.close();
    }
  });

  it('resolves a host name for the collector', async () => {
    const collector = await udpCollector();
    try {
      const udp = sender({ host: 'localhost', port: collector.port });
      udp.enqueue(items(messages().slice(0, 1)));
      await until('the message', () => collector.received.length === 1);
    } finally {
      collector.close();
    }
  });
});
