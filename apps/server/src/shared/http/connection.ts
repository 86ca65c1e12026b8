import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import { failure } from './envelope';

/**
 * Timeouts of the HTTP server, so a slow or silent client cannot hold a connection: the whole
 * request (headers and body) must arrive within `requestTimeoutSeconds`, the headers within
 * 10 s of it, an idle keep-alive connection closes after 65 s (longer than nginx's 60 s upstream
 * keep-alive, so nginx never reuses a connection the node is closing). A connection's 1000th
 * answer closes it (`closesConnection`).
 */
export function connectionOptions(requestTimeoutSeconds: number): FastifyHttpOptions<Server> {
  const requestTimeout = requestTimeoutSeconds * 1000;
  return {
    requestTimeout,
    // Idle sockets (no bytes either way) are closed after this; streamed answers keep a socket busy.
    connectionTimeout: Math.max(requestTimeout * 2, 120_000),
    keepAliveTimeout: 65_000,
    // Node's own per-connection limit answers requests past it with 503: see closesConnection.
    maxRequestsPerSocket: 0,
    http: {
      headersTimeout: Math.min(10_000, requestTimeout),
      // How often Node looks for requests past their time (its default, 30 s, would let them overstay).
      connectionsCheckingInterval: Math.max(250, Math.min(5000, Math.floor(requestTimeout / 4))),
    },
    clientErrorHandler,
  };
}

export const REQUESTS_PER_CONNECTION = 1000;

const served = new WeakMap<Socket, number>();

/**
 * Counts a request on its connection; true for the connection's last one, whose answer then says
 * `Connection: close` and Node closes the connection once it is sent. A client that sent more on
 * it meanwhile sees the connection close (and asks again on a new one), never a 503.
 */
export function closesConnection(socket: Socket): boolean {
  const count = (served.get(socket) ?? 0) + 1;
  served.set(socket, count);
  return count >= REQUESTS_PER_CONNECTION;
}

const CLIENT_ERROR_ANSWERS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, '请求头过大'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, '请求超时，请重试'],
  ERR_HTTP_HEADERS_TIMEOUT: [408, '请求超时，请重试'],
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (bytes ≥ 0x80 in the URL, more
 * than 16 KiB of headers, a request past its timeout): answered with the JSON envelope and
 * `Connection: close`, then the connection is closed cleanly.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = CLIENT_ERROR_ANSWERS[error.code ?? ''] ?? [400, '请求格式错误'];
  const body = JSON.stringify(failure(message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
