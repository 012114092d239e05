import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from './errorBoundary.js';

/**
 * Node's answer to a request it cannot parse (a malformed chunk, a header too large) is a bare
 * `400 Bad Request`; this one is in the API's error shape, with the request id when the request had one.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const response = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (response?.headersSent) {
    socket.destroy();
    return;
  }
  const requestId = String(response?.getHeader('x-request-id') ?? '');
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify(
    tooLarge
      ? errorBody(431, 'HEADERS_TOO_LARGE', 'the request headers are larger than the server accepts', requestId)
      : errorBody(
          400,
          'BODY_UNREADABLE',
          'the request could not be read: it is not well-formed HTTP (a broken chunked body, say); nothing was done',
          requestId,
        ),
  );
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n${requestId ? `X-Request-Id: ${requestId}\r\n` : ''}Connection: close\r\n\r\n${body}`,
  );
}
