import http from 'node:http';
import { WebSocket, type ClientOptions } from 'ws';
import { parseSip, type SipMessage, type SipRequest, type SipResponse } from '../src/index.js';
import { until } from './stackSupport.js';

/** A browser's SIP over WebSocket client stand-in: a `ws` client recording each frame it gets, parsed. */
export class WsPeer {
  readonly frames: { bytes: Buffer; binary: boolean; message: SipMessage | undefined }[] = [];
  closed: { code: number; reason: string } | undefined;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, binary: boolean) => {
      let message: SipMessage | undefined;
      try {
        message = parseSip(data);
      } catch {
        message = undefined;
      }
      this.frames.push({ bytes: data, binary, message });
    });
    ws.on('close', (code, reason) => (this.closed = { code, reason: reason.toString() }));
    ws.on('error', () => undefined);
  }

  /** Connects with the `sip` subprotocol (unless told otherwise); rejects when the handshake fails. */
  static open(url: string, protocols: string[] = ['sip'], options: ClientOptions = {}): Promise<WsPeer> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, protocols, options);
      ws.once('open', () => resolve(new WsPeer(ws)));
      ws.once('unexpected-response', (_req, res: http.IncomingMessage) => {
        reject(new Error(`handshake refused: ${res.statusCode}`));
        ws.terminate();
      });
      ws.once('error', reject);
    });
  }

  send(data: string | Buffer, binary = false): void {
    this.ws.send(data, { binary });
  }

  responses(status?: number): SipResponse[] {
    return this.frames
      .map((f) => f.message)
      .filter((m): m is SipResponse => m?.kind === 'response' && (status === undefined || m.status === status));
  }

  requests(method: string): SipRequest[] {
    return this.frames
      .map((f) => f.message)
      .filter((m): m is SipRequest => m?.kind === 'request' && m.method === method);
  }

  async response(status: number): Promise<SipResponse> {
    await until(() => this.responses(status).length > 0, `a ${status} over the WebSocket`);
    return this.responses(status)[0]!;
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    const done = new Promise((resolve) => this.ws.once('close', resolve));
    this.ws.close(1000);
    await done;
  }
}

/** What an HTTP request to the WebSocket port gets (status and headers), with the given headers. */
export function httpStatus(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += String(chunk)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    request.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' });
    });
    request.on('error', reject);
    request.end();
  });
}

/** A REGISTER as a browser's SIP stack sends it: Via WS with an unresolvable sent-by, no Content-Length. */
export function browserRegister(user: string, domain: string, branch: string, transport = 'WS'): string {
  return [
    `REGISTER sip:${domain} SIP/2.0`,
    `Via: SIP/2.0/${transport} df7jal23ls0d.invalid;branch=${branch}`,
    'Max-Forwards: 70',
    `To: <sip:${user}@${domain}>`,
    `From: <sip:${user}@${domain}>;tag=5ij23nb9a8`,
    `Call-ID: ${branch}-reg`,
    'CSeq: 1 REGISTER',
    `Contact: <sip:${user}@df7jal23ls0d.invalid;transport=${transport.toLowerCase()}>;expires=600`,
    '',
    '',
  ].join('\r\n');
}
