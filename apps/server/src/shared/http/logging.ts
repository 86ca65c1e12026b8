import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { ReadableLog } from './readable-log';
import { isPageBootRequest } from './page-boot-answers';

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

const VERBOSE_LEVELS = new Set(['debug', 'trace']);

/** Answers slower than this are logged in production too. */
const SLOW_ANSWER_MS = 1000;

/**
 * Fastify's own request lines, replaced: nothing when a request arrives, one line when it is
 * answered. Development and tests log every request (written straight to the readable console
 * when there is one, without a JSON round trip). Production logs what someone may have to look
 * at — errors, HTTP statuses ≥ 400 and answers slower than a second — and every other request only
 * at `LOG_LEVEL=debug`: a line per fast answer cost about as much as the answer itself.
 */
export class RequestLogController extends LogController {
  constructor(private readonly policy: { everyRequest: boolean; readable?: ReadableLog }) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const milliseconds = reply.elapsedTime;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: milliseconds },
        'request errored',
      );
      return;
    }
    // A page's inlined answers (page-boot-answers.ts) are logged as the page.
    if (isPageBootRequest(request)) return;
    const status = reply.statusCode;
    const { readable, everyRequest } = this.policy;
    if (readable) {
      readable.request(request.method, redactUrl(request.url), status, milliseconds, String(request.id));
      return;
    }
    const notable = status >= 400 || milliseconds >= SLOW_ANSWER_MS;
    if (everyRequest || notable) {
      reply.log.info({ req: request, res: reply, responseTime: milliseconds }, 'request completed');
    } else if (VERBOSE_LEVELS.has(reply.log.level)) {
      reply.log.debug({ req: request, res: reply, responseTime: milliseconds }, 'request completed');
    }
  }
}

type Bindings = Record<string, unknown>;
type ChildLoggerOptions = Parameters<FastifyBaseLogger['child']>[1];
type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArguments = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger, made only when something logs at an enabled level: pino's `child()`
 * serialises (and redacts) its bindings at once, and most requests never log a line.
 */
class LazyChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger & { isLevelEnabled(level: string): boolean },
    private readonly bindings: Bindings,
    private readonly options?: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  private log(level: LevelName, args: LogArguments): void {
    if (this.made || this.parent.isLevelEnabled(level))
      (this.logger[level] as (...a: LogArguments) => void)(...args);
  }

  fatal(...args: LogArguments): void {
    this.log('fatal', args);
  }
  error(...args: LogArguments): void {
    this.log('error', args);
  }
  warn(...args: LogArguments): void {
    this.log('warn', args);
  }
  info(...args: LogArguments): void {
    this.log('info', args);
  }
  debug(...args: LogArguments): void {
    this.log('debug', args);
  }
  trace(...args: LogArguments): void {
    this.log('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger is a `LazyChildLogger`. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options?: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(
    logger as FastifyBaseLogger & { isLevelEnabled(level: string): boolean },
    bindings,
    options,
  );
}
