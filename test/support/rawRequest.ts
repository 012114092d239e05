import { connect } from 'node:net';
import type { ApiResponse } from './ApiClient.js';

/** What came back from a raw request: the answer read as an ApiResponse, and the bytes as they came. */
export interface RawAnswer extends ApiResponse {
  readonly raw: string;
}

/**
 * Sends bytes as they are (fetch cannot send a broken chunked body) and resolves with what came back: the status
 * line, the headers and the body (read whole; the server closes the connection after it).
 */
export function rawRequest(baseUrl: string, request: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
  }).then(parse);
}

function parse(raw: string): RawAnswer {
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = (end < 0 ? raw : raw.slice(0, end)).split('\r\n');
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const text = end < 0 ? '' : raw.slice(end + 4);
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const status = /^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1];
  return { raw, status: status ? Number(status) : 0, headers, text, json };
}
