import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';
import type { Envelope } from '@kezhan/contract/envelope';
import { withAbsoluteUrls } from './public-urls';
import { isEnvelopeEndpoint, type Endpoint } from '@kezhan/contract/endpoint';
import { optionalMember, requireMember } from '../auth/guard';
import { validate } from './validate';

type Parsed<E, K extends 'params' | 'query' | 'body', Raw> = E extends {
  [key in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : Raw;

/** A request whose params, query and body are already parsed with the endpoint's schemas. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E, 'params', Record<string, string>>;
  Querystring: Parsed<E, 'query', unknown>;
  Body: Parsed<E, 'body', unknown>;
}>;

/** An envelope endpoint answers `ok(data)` (or sends the reply itself); any other, the reply. */
type Answer<E> = E extends { data: infer S extends z.ZodType }
  ? Envelope<z.input<S>> | FastifyReply
  : unknown;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<Answer<E>> | Answer<E>;

export interface RouteOptions {
  /** Route config, e.g. a tighter `rateLimit`. */
  config?: FastifyContextConfig;
  /** A body limit other than the app's (e.g. small for gateway notifications). */
  bodyLimit?: number;
  /**
   * The handler sends answers already compressed as the client accepts (PreparedJsonAnswer):
   * @fastify/compress adds no hooks to this route.
   */
  precompressed?: boolean;
  /**
   * The access check of an `auth: 'admin'` endpoint (modules/admin registers those through
   * `adminRoute`, which derives it from the endpoint's permission).
   */
  preHandler?: preHandlerAsyncHookHandler;
}

const AUTH_HANDLERS = { member: requireMember, optional: optionalMember } as const;

/** Thrown (and logged by the error handler) when an answer does not match its declaration. */
export class ResponseShapeError extends Error {
  constructor(endpoint: Endpoint, issues: z.core.$ZodIssue[]) {
    const where = issues.map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`).join('; ');
    super(`${endpoint.method} ${endpoint.path} answered outside its declaration: ${where}`);
    this.name = 'ResponseShapeError';
  }
}

/**
 * Checks an envelope's `data` against the endpoint's declaration. On in tests and development
 * (every API test exercises it); off in production, where an unexpected field must not turn a
 * working answer into a 500 (see ARCHITECTURE.md, "Routes from the contract").
 */
export function checkResponse(endpoint: Endpoint, data: unknown): void {
  if (!isEnvelopeEndpoint(endpoint)) return;
  const result = endpoint.data.safeParse(data);
  if (!result.success) throw new ResponseShapeError(endpoint, result.error.issues);
}

/**
 * Registers the route of a contract endpoint: its auth preHandler, then its params, query and body
 * parsed in that order (a failure is the usual code-1 envelope with the schema's Chinese message),
 * then the handler with typed input. With `app.checkResponses`, envelope answers are checked.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
): void;
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions,
  handler: EndpointHandler<E>,
): void;
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  optionsOrHandler: RouteOptions | EndpointHandler<E>,
  maybeHandler?: EndpointHandler<E>,
): void {
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  const handler = (typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler)!;
  const auth = endpoint.auth ?? 'none';
  if (auth === 'admin' && !options.preHandler) {
    throw new Error(
      `${endpoint.method} ${endpoint.path} is an admin endpoint: register it with adminRoute()`,
    );
  }
  const preHandler: preHandlerAsyncHookHandler | undefined =
    auth === 'admin' ? options.preHandler : auth === 'none' ? undefined : AUTH_HANDLERS[auth];
  const checking = app.checkResponses && isEnvelopeEndpoint(endpoint);
  // Member API answers carry absolute picture and file addresses (public-urls.ts).
  const publicAddress =
    isEnvelopeEndpoint(endpoint) && /^\/api\/v[23]\//.test(endpoint.path)
      ? (app.services?.env.appUrl ?? null)
      : null;
  const { params, query, body } = endpoint;

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(preHandler ? { preHandler } : {}),
    ...(options.config ? { config: options.config } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.precompressed ? { compress: false as const } : {}),
    // Not an async function: a handler that answers at once (the config) costs no promise here.
    // A synchronous throw (a validation failure) reaches the error handler like a rejection.
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      if (params) request.params = validate(params, request.params);
      if (query) request.query = validate(query, request.query);
      if (body) request.body = validate(body, request.body);
      const answer = handler(request as EndpointRequest<E>, reply);
      return isPromise(answer) ? answer.then(finish) : finish(answer);
    },
  });

  function finish(answer: unknown): unknown {
    if (publicAddress !== null && isSuccessEnvelope(answer))
      answer = { ...answer, data: withAbsoluteUrls(answer.data, publicAddress) };
    if (checking && isSuccessEnvelope(answer)) checkResponse(endpoint, answer.data);
    return answer;
  }
}

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

const isSuccessEnvelope = (value: unknown): value is Envelope<unknown> =>
  typeof value === 'object' && value !== null && 'code' in value && value.code === 0 && 'data' in value;

declare module 'fastify' {
  interface FastifyInstance {
    /** Check envelope answers against their declarations (tests and development). */
    checkResponses: boolean;
  }
}
