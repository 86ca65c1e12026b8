import type { FastifyRequest } from 'fastify';

/** Who is on the other end of a request, as plain values for the services that record it. */
export interface ClientInfo {
  ip: string;
  /** `User-Agent` header, at most 500 characters. */
  userAgent: string;
  /** `meedu-platform` header as sent (upper-cased); the login record keeps only known platforms. */
  platform: string;
  /** Path of the request without its query (a login token's issuer is APP_URL + this path). */
  path: string;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
    platform: String(request.headers['meedu-platform'] ?? '').toUpperCase(),
    path: request.url.split('?')[0],
  };
}
