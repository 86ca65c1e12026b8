import type { FastifyError, FastifyInstance } from 'fastify';
import { failure } from './envelope';
import { BusinessError, INVALID_PARAMS_MESSAGE } from './errors';
import { StoreUnavailableError } from '../store/ephemeral-store';
import { isDatabaseUnavailable } from '../db/database';
import { redactUrl } from './logging';

export const RATE_LIMITED_MESSAGE = '请稍后再试';
export const STORE_UNAVAILABLE_MESSAGE = '服务繁忙，请稍后再试';
/** The same words as for Redis: to a learner it is one passing condition. */
export const DATABASE_UNAVAILABLE_MESSAGE = '服务繁忙，请稍后再试';

/** Fastify's own request errors, answered in plain Chinese instead of a stack or a 4xx page. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: '请求数据过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求数据格式',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求数据格式错误',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求数据格式错误',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求数据格式错误',
};

/** PostgreSQL's class 22 (data exception): invalid byte sequence, NUL, numeric range, string length. */
function isDataException(error: FastifyError): boolean {
  return typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code) && !error.statusCode;
}

/**
 * One error handler for the whole API: business and validation failures are
 * HTTP 200 envelopes with code 1 (or 401 / 429); malformed requests get a clear code-1 message;
 * anything unexpected is logged with its stack and answered 500 without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BusinessError) return reply.status(200).send(failure(error.message, error.code));
    if (error instanceof StoreUnavailableError) {
      // Redis is down or restarting: a passing condition, said plainly (the node recovers by itself).
      request.log.warn({ err: { message: error.message }, url: redactUrl(request.url) }, 'store unavailable');
      return reply.status(503).send(failure(STORE_UNAVAILABLE_MESSAGE));
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL stopped or restarting: the pool reconnects by itself once it answers again.
      request.log.warn(
        { err: { message: error.message }, url: redactUrl(request.url) },
        'database unavailable',
      );
      return reply.status(503).send(failure(DATABASE_UNAVAILABLE_MESSAGE));
    }
    if (error.statusCode === 429) {
      return reply.status(200).send(failure(RATE_LIMITED_MESSAGE, 429));
    }
    const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
    if (known || error.name === 'SyntaxError')
      return reply.status(200).send(failure(known ?? '请求数据格式错误'));
    if (isDataException(error)) {
      // The database refused a value (bad encoding, out of range, too long): the input was wrong.
      request.log.warn({ err: { code: error.code, message: error.message } }, 'database refused a value');
      return reply.status(200).send(failure(INVALID_PARAMS_MESSAGE));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'rejected request');
      return reply.status(200).send(failure(INVALID_PARAMS_MESSAGE));
    }
    request.log.error({ err: error, method: request.method, url: redactUrl(request.url) }, 'unhandled error');
    return reply.status(500).send(failure('系统错误，请稍后再试'));
  });
}
