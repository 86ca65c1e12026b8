import type { FastifyServerOptions } from 'fastify';

export const REDACTED = '[REDACTED]';

/**
 * Query parameters that carry a credential or a one-time secret: a login token (MeEdu clients
 * send `?token=`), navigation tickets, OAuth codes and state, social login codes, payment
 * signatures, signed media grants. Their values never reach a log line.
 */
const CREDENTIAL_PARAMS = new Set([
  'token',
  'ticket',
  'code',
  'state',
  'login_code',
  'access_token',
  'biz_token',
  'sign',
  'signature',
  'password',
  // signed media grants (modules/media): playlist, key and segment addresses
  't',
]);

/** The URL with the values of credential query parameters replaced by `[REDACTED]`. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const rawName = equals < 0 ? part : part.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as sent; only known names are secrets.
      }
      return CREDENTIAL_PARAMS.has(name.trim().toLowerCase()) ? `${rawName}=${REDACTED}` : part;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

/** Headers that carry credentials, wherever a log line includes request or response headers. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["wechatpay-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["wechatpay-signature"]',
  'headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
  'authorization',
  'cookie',
  'token',
  'password',
  '*.token',
  '*.password',
];

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** pino settings of the API: the level, credential redaction and a request serializer without secrets. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req(request: LoggedRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}
