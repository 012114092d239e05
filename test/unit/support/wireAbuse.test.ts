import { expect } from 'chai';
import { createSocket, type Socket as DgramSocket } from 'node:dgram';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { abusePayload, MAX_UDP_PAYLOAD, sendGarbage, sendRaw, type WireTarget } from '../../support/sip/wireAbuse.js';

/** A UDP server that echoes every datagram to its sender (or stays silent). */
async function udpServer(echo: boolean): Promise<{ target: WireTarget; received: Buffer[]; close(): void }> {
  const socket: DgramSocket = createSocket('udp4');
  const received: Buffer[] = [];
  socket.on('message', (datagram, from) => {
    received.push(datagram);
    if (echo) socket.send(datagram, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  return { target: { host: '127.0.0.1', port: socket.address().port }, received, close: () => socket.close() };
}

/** A TCP server that echoes what it receives, and closes the connection once it has `closeAfter` bytes. */
async function tcpServer(
  closeAfter?: number,
): Promise<{ target: WireTarget; received: () => number; close(): Promise<void> }> {
  let total = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    let mine = 0;
    socket.on('data', (chunk: Buffer) => {
      total += chunk.length;
      mine += chunk.length;
      socket.write(chunk);
      if (closeAfter !== undefined && mine >= closeAfter) socket.end();
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    target: { host: '127.0.0.1', port: (server.address() as AddressInfo).port },
    received: () => total,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const target = { host: '127.0.0.1', port: 5060 };
const local = { host: '127.0.0.1', port: 40000 };

describe('wire abuse', () => {
  describe('the payloads', () => {
    it('a huge INVITE is 1 MB over TCP and the largest datagram over UDP, with a Content-Length that matches its body', () => {
      for (const [transport, size] of [
        ['TCP', 1024 * 1024],
        ['UDP', MAX_UDP_PAYLOAD],
      ] as const) {
        const text = abusePayload('huge', target, local, transport).toString('latin1');
        expect(text.length).to.equal(size);
        expect(text).to.match(/^INVITE sip:/);
        const [head, body] = text.split('\r\n\r\n') as [string, string];
        expect(Number(/Content-Length: (\d+)/.exec(head)![1])).to.equal(body.length);
      }
    });

    it('a truncated INVITE stops in the middle of a header, with no blank line', () => {
      const text = abusePayload('truncated', target, local, 'UDP').toString('latin1');
      expect(text).to.match(/^INVITE /);
      expect(text).to.match(/Call-ID: \w{4}$/);
      expect(text).not.to.include('\r\n\r\n');
    });

    it('the INVITE without Via has none, and names its sender elsewhere', () => {
      const text = abusePayload('no-via', target, local, 'TCP').toString('latin1');
      expect(text).not.to.match(/^Via:/m);
      expect(text).to.include('Contact: <sip:abuser@127.0.0.1:40000>');
      expect(text).to.match(/\r\n\r\n$/);
    });

    it('the bad CSeq has no number; the others carry a Via naming the local address', () => {
      const text = abusePayload('bad-cseq', target, local, 'UDP').toString('latin1');
      expect(text).to.match(/^CSeq: one INVITE\r$/m);
      expect(text).to.match(/^Via: SIP\/2.0\/UDP 127.0.0.1:40000;rport;branch=z9hG4bK-/m);
    });

    it('random abuse is random bytes, different each time', () => {
      expect(
        abusePayload('random', target, local, 'UDP').equals(abusePayload('random', target, local, 'UDP')),
      ).to.equal(false);
    });
  });

  describe('over UDP', () => {
    it('sends each kind and collects the datagrams that come back to the sending socket', async () => {
      const server = await udpServer(true);
      try {
        for (const kind of ['random', 'huge', 'truncated', 'no-via', 'bad-cseq'] as const) {
          const { replies } = await sendGarbage(server.target, kind, 'UDP', 200);
          expect(replies, kind).to.have.length(1);
          expect(
            Buffer.from(replies[0]!, 'latin1').equals(server.received[server.received.length - 1]!),
            kind,
          ).to.equal(true);
        }
        expect(server.received).to.have.length(5);
      } finally {
        server.close();
      }
    });

    it('answers no replies when the other side is silent', async () => {
      const server = await udpServer(false);
      try {
        expect((await sendGarbage(server.target, 'no-via', 'UDP', 200)).replies).to.deep.equal([]);
        expect(server.received).to.have.length(1);
      } finally {
        server.close();
      }
    });

    it('sendRaw sends one message, built from the local address when asked', async () => {
      const server = await udpServer(true);
      try {
        const { replies } = await sendRaw(
          server.target,
          (from) => `OPTIONS sip:x SIP/2.0\r\nVia: SIP/2.0/UDP ${from.host}:${from.port}\r\n\r\n`,
          'UDP',
          200,
        );
        expect(replies).to.have.length(1);
        expect(replies[0]).to.match(/^Via: SIP\/2.0\/UDP 127.0.0.1:\d+\r$/m);
      } finally {
        server.close();
      }
    });
  });

  describe('over TCP', () => {
    it('sends a 1 MB INVITE, collects the data that comes back and reports a connection left open', async () => {
      const server = await tcpServer();
      try {
        const result = await sendGarbage(server.target, 'huge', 'TCP', 1_000);
        expect(server.received()).to.equal(1024 * 1024);
        expect(result.replies).to.have.length(1);
        expect(result.replies[0]!.length).to.equal(1024 * 1024);
        expect(result.closed).to.equal(false);
      } finally {
        await server.close();
      }
    });

    it('reports that the other side closed the connection', async () => {
      const server = await tcpServer(1);
      try {
        const result = await sendGarbage(server.target, 'truncated', 'TCP', 2_000);
        expect(result.closed).to.equal(true);
        expect(result.replies[0]).to.match(/^INVITE /);
      } finally {
        await server.close();
      }
    });

    it('sendRaw answers no replies when nothing comes back', async () => {
      const server = await tcpServer();
      try {
        const result = await sendRaw(server.target, '', 'TCP', 200);
        expect(result).to.deep.equal({ replies: [], closed: false });
      } finally {
        await server.close();
      }
    });
  });
});
