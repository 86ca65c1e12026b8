import type { z } from 'zod';

/**
 * One endpoint of the API, declared once. The server registers its route from this declaration
 * (auth, validation of params/query/body, and — outside production — a check of the answer), the
 * OpenAPI document and /api/docs are generated from it, and the h5 derives its fetcher types from
 * it. Only `import type` from zod here: a declaration's types cost the browser bundle nothing.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `member`: needs a token; `optional`: serves guests, shows more to members; `none`: public;
 * `admin`: an operator-console route, needs an administrator session holding `permission`.
 */
export type EndpointAuth = 'none' | 'member' | 'optional' | 'admin';

/** What a non-envelope route answers: a content type, or a 302/303 redirect. */
export type RawAnswer =
  | 'application/json'
  | 'text/html'
  | 'text/plain'
  | 'text/csv'
  | 'application/octet-stream'
  | 'image/*'
  | 'redirect';

interface EndpointBase {
  method: HttpMethod;
  /** Fastify route pattern, e.g. `/api/v2/course/:id`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth?: EndpointAuth;
  /** With `auth: 'admin'`: the permission the administrator's role must grant (see admin/permissions.ts). */
  permission?: string;
  /** Path parameters (always strings on the wire; schemas may turn them into numbers). */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A multipart upload: the file field's name. */
  upload?: { field: string; description: string };
  /** When the route exists only in some setups (e.g. development providers); else always. */
  condition?: string;
}

/** A JSON envelope `{code, message, data}`; `data` is what a successful answer holds. */
export interface EnvelopeEndpoint extends EndpointBase {
  data: z.ZodType;
  /** Extra words about the answer, shown in /api/docs. */
  note?: string;
}

/** Anything else: HTML pages, files, redirects, gateway acknowledgements, operating endpoints. */
export interface RawEndpoint extends EndpointBase {
  answers: RawAnswer;
  /** The body's shape when it is JSON. */
  schema?: z.ZodType;
  /** What comes back, in words. */
  note: string;
}

export type Endpoint = EnvelopeEndpoint | RawEndpoint;

/** Declares an endpoint; the literal type is kept so params, query, body and data stay typed. */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

export const isEnvelopeEndpoint = (endpoint: Endpoint): endpoint is EnvelopeEndpoint => 'data' in endpoint;

/** What a successful envelope's `data` holds. */
export type DataOf<E> = E extends { data: infer S extends z.ZodType } ? z.output<S> : never;
/** What a client sends as the JSON body. */
export type BodyOf<E> = E extends { body: infer S extends z.ZodType } ? z.input<S> : never;
/** What a client sends in the query string. */
export type QueryOf<E> = E extends { query: infer S extends z.ZodType } ? z.input<S> : never;
