import dgram from 'node:dgram';
import { lookup } from 'node:dns/promises';
import { SocketHepSender } from './SocketHepSender.js';

/**
 * HEP over UDP: one datagram per message, from a socket connected to the collector (its host resolved once per
 * attempt), so that the system tells when nobody listens there: an ICMP port unreachable comes back as ECONNREFUSED
 * (on the socket, or on a later send), and counts one message dropped instead of sent (several refusals arriving
 * together may count as one: the count is a floor); the socket stays, and the next message tries again. A socket
 * that fails otherwise (the host not resolved, another error of the socket) is closed and opened again after the
 * backoff.
 */
export class UdpHepSender extends SocketHepSender {
  private socket: dgram.Socket | undefined;

  protected connect(): void {
    void lookup(this.setting.host).then(
      ({ address, family }) => this.open(address, family === 6 ? 'udp6' : 'udp4'),
      (error: unknown) => this.failed(error),
    );
  }

  private open(address: string, type: 'udp4' | 'udp6'): void {
    if (this.closed) return;
    const socket = dgram.createSocket(type);
    this.socket = socket;
    socket.unref();
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (this.socket !== socket) return;
      if (error.code === 'ECONNREFUSED') {
        // a datagram sent a moment ago was refused: it counts as lost
        this.sent = Math.max(0, this.sent - 1);
        this.lost(1, error);
        return;
      }
      this.socket = undefined;
      socket.close();
      this.failed(error);
    });
    socket.connect(this.setting.port, address, () => {
      if (this.socket === socket) this.connected();
    });
  }

  protected write(messages: Buffer[]): void {
    const socket = this.socket;
    if (!socket) {
      this.lost(messages.length, new Error('no socket'));
      return;
    }
    for (const message of messages) {
      socket.send(message, (error) => {
        if (error) this.lost(1, error);
        else this.sent += 1;
      });
    }
  }

  protected release(): void {
    const socket = this.socket;
    this.socket = undefined;
    try {
      socket?.close();
    } catch {
      // closed already
    }
  }
}
