import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { SipStackOptions } from './types.js';

/** The WebSocket subprotocol of SIP (RFC 7118 section 4.1, registered in section 9.1). */
export const SIP_SUBPROTOCOL = 'sip';

/** How long a client may take to send its handshake's headers before the socket is closed. */
const HANDSHAKE_TIMEOUT_MS = 10_000;

/** What the listener asks of the transport: the whitelist before the handshake, then each connection made. */
export interface WebSocketHooks {
  /** True when the peer may not connect (the socket has been destroyed): asked before any byte is read. */
  refuses(socket: net.Socket): boolean;
  /** A handshake completed with the `sip` subprotocol. */
  connected(ws: WebSocket, socket: net.Socket): void;
}

/** A refusal of the HTTP request that should have been a WebSocket handshake: status line, then close. */
function refuse(socket: Duplex, status: number, reason: string, explanation: string, extra = ''): void {
  const body = `${explanation}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n${extra}Content-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  // a client that does not close its side is not waited for
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** The subprotocols a handshake offers (Sec-WebSocket-Protocol, a comma-separated list, possibly repeated). */
function offeredProtocols(request: http.IncomingMessage): string[] {
  const raw = request.headers['sec-websocket-protocol'];
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return values.flatMap((v) => v.split(',')).map((p) => p.trim().toLowerCase());
}

/**
 * The WebSocket listener of SIP over WebSocket (RFC 7118): an HTTP (WS) or HTTPS (WSS) server on its own port that
 * takes only handshakes to its path offering the `sip` subprotocol. What is not such a handshake is refused and
 * closed: a plain HTTP request 426 Upgrade Required (RFC 7231 section 6.5.15), another path 404, a handshake
 * without `sip` 400 (RFC 7118 section 4.1: the server answers with `sip` or not at all; RFC 6455 section 4.2.2
 * lets it refuse), a malformed handshake 400 (the library's answer). A frame larger than the size limit closes the
 * connection with 1009 (RFC 6455 section 7.4.1).
 */
export class WebSocketListener {
  private readonly sockets = new Set<net.Socket>();
  private readonly wss: WebSocketServer;

  private constructor(
    private readonly server: http.Server,
    private readonly path: string | undefined,
    maxBytes: number,
    readonly port: number,
  ) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: maxBytes,
      clientTracking: false,
      perMessageDeflate: false,
      handleProtocols: (protocols) => (protocols.has(SIP_SUBPROTOCOL) ? SIP_SUBPROTOCOL : false),
    });
  }

  /** Listens on `port` (0: ephemeral) of `host`: WSS with the TLS identity when `secure`. */
  static async listen(options: SipStackOptions, secure: boolean, maxBytes: number): Promise<WebSocketListener> {
    const server = secure
      ? https.createServer({ key: options.tls!.key!, cert: options.tls!.cert! })
      : http.createServer();
    server.headersTimeout = HANDSHAKE_TIMEOUT_MS;
    server.requestTimeout = HANDSHAKE_TIMEOUT_MS;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.websocket?.port ?? 0, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const port = (server.address() as net.AddressInfo).port;
    return new WebSocketListener(server, options.websocket?.path, maxBytes, port);
  }

  /** Takes connections from now on. */
  start(hooks: WebSocketHooks, error: (e: Error) => void): void {
    const { server } = this;
    server.on('connection', (socket: net.Socket) => {
      if (hooks.refuses(socket)) return; // outside the whitelist: no handshake, nothing read
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
      // not an upgrade: this port speaks only SIP over WebSocket
      response.shouldKeepAlive = false;
      response.writeHead(426, { Connection: 'close', Upgrade: 'websocket', 'Content-Type': 'text/plain' });
      response.end(`SIP over WebSocket (RFC 7118): upgrade to websocket with subprotocol ${SIP_SUBPROTOCOL}\n`);
      request.resume();
    });
    server.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on('error', () => {
        /* the peer went away during the handshake */
      });
      const url = new URL(request.url ?? '/', 'http://gateway');
      if (this.path !== undefined && url.pathname !== this.path) {
        refuse(socket, 404, 'Not Found', `no SIP WebSocket at ${url.pathname}`);
        return;
      }
      if (!offeredProtocols(request).includes(SIP_SUBPROTOCOL)) {
        refuse(socket, 400, 'Bad Request', `the ${SIP_SUBPROTOCOL} subprotocol is required (RFC 7118 section 4.1)`);
        return;
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => hooks.connected(ws, socket as net.Socket));
    });
    server.on('clientError', (_e: Error, socket: Duplex) => {
      if (socket.writable) refuse(socket, 400, 'Bad Request', 'not an HTTP request');
      else socket.destroy();
    });
    server.on('error', error);
    this.wss.on('error', error);
  }

  /** Closes the listener and every connection. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    this.wss.close();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
