import net from 'node:net';
import { SocketHepSender } from './SocketHepSender.js';

/** How long a connection attempt may take before it counts as failed. */
export const CONNECT_TIMEOUT_MS = 5000;
/** Bytes the connection may hold unsent (a collector that reads too slowly); past them messages are dropped. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * HEP over TCP: one connection to the collector, the messages written one after another (a collector reads each by
 * the length in its header), a batch in one write. A connection refused, timed out or closed is opened again after
 * the backoff; meanwhile messages are dropped (counted). Nothing is read from the collector.
 */
export class TcpHepSender extends SocketHepSender {
  private socket: net.Socket | undefined;

  protected connect(): void {
    const socket = net.connect({ host: this.setting.host, port: this.setting.port });
    this.socket = socket;
    socket.unref();
    socket.setNoDelay(true);
    socket.setTimeout(CONNECT_TIMEOUT_MS, () =>
      socket.destroy(new Error(`no connection within ${CONNECT_TIMEOUT_MS} ms`)),
    );
    socket.once('connect', () => {
      socket.setTimeout(0);
      if (this.socket === socket) this.connected();
    });
    socket.on('data', () => undefined);
    let why: Error | undefined;
    socket.on('error', (error) => {
      why = error;
    });
    socket.once('close', () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.failed(why ?? new Error('the collector closed the connection'));
    });
  }

  protected write(messages: Buffer[]): void {
    const socket = this.socket;
    if (!socket || socket.writableLength > MAX_BUFFERED_BYTES) {
      this.lost(messages.length, new Error(socket ? 'the collector reads too slowly' : 'no connection'));
      return;
    }
    socket.write(Buffer.concat(messages), (error) => {
      if (error) this.lost(messages.length, error);
      else this.sent += messages.length;
    });
  }

  protected release(): void {
    const socket = this.socket;
    this.socket = undefined;
    socket?.destroy();
  }
}
