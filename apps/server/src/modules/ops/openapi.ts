import { z } from 'zod';
import { API_ENDPOINTS } from '@kezhan/contract/api';
import { isEnvelopeEndpoint, type Endpoint } from '@kezhan/contract/endpoint';

type JsonSchema = Record<string, unknown>;

/** Contract schemas as JSON Schema (2020-12, which OpenAPI 3.1 uses), describing what a client sends. */
function toJsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  // A field wrapped in z.preprocess looks required in JSON Schema even when it has a default or is
  // optional; asking the schema itself whether it accepts a missing value gives the true answer.
  if (io === 'input' && schema instanceof z.ZodObject && json.properties) {
    const required = Object.entries(schema.shape as Record<string, z.ZodType>)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([name]) => name);
    if (required.length > 0) json.required = required;
    else delete json.required;
  }
  return json;
}

const openApiPath = (fastifyPath: string) => fastifyPath.replace(/:(\w+)/g, '{$1}');

function parameters(endpoint: Endpoint) {
  const list: Record<string, unknown>[] = [];
  const pathSchema = endpoint.params ? toJsonSchema(endpoint.params) : undefined;
  for (const match of endpoint.path.matchAll(/:(\w+)/g)) {
    const name = match[1];
    const schema = (pathSchema?.properties as Record<string, JsonSchema> | undefined)?.[name] ?? {
      type: 'string',
    };
    list.push({ name, in: 'path', required: true, schema });
  }
  if (endpoint.query) {
    const query = toJsonSchema(endpoint.query);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties as Record<string, JsonSchema>) ?? {})) {
      list.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return list;
}

function requestBody(endpoint: Endpoint) {
  if (endpoint.upload) {
    const { field, description } = endpoint.upload;
    const schema = {
      type: 'object',
      properties: { [field]: { type: 'string', format: 'binary', description } },
      required: [field],
    };
    return { requestBody: { required: true, content: { 'multipart/form-data': { schema } } } };
  }
  if (!endpoint.body) return {};
  return {
    requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(endpoint.body) } } },
  };
}

/** The answer: the envelope with the declared `data`, or the declared content type. */
function responses(endpoint: Endpoint) {
  if (isEnvelopeEndpoint(endpoint)) {
    const schema = {
      allOf: [
        { $ref: '#/components/schemas/Envelope' },
        { type: 'object', properties: { data: toJsonSchema(endpoint.data, 'output') } },
      ],
    };
    return {
      '200': {
        description: endpoint.note ? `Envelope; \`data\`: ${endpoint.note}` : 'Envelope',
        content: { 'application/json': { schema } },
      },
    };
  }
  if (endpoint.answers === 'redirect') return { '302': { description: endpoint.note } };
  const schema = endpoint.schema ? toJsonSchema(endpoint.schema, 'output') : { type: 'string' };
  return { '200': { description: endpoint.note, content: { [endpoint.answers]: { schema } } } };
}

function operation(endpoint: Endpoint) {
  const auth = endpoint.auth ?? 'none';
  const security =
    auth === 'member'
      ? [{ bearerAuth: [] }]
      : auth === 'optional'
        ? [{}, { bearerAuth: [] }]
        : auth === 'admin'
          ? [{ adminSession: [] }]
          : [];
  const description = [
    endpoint.description,
    endpoint.condition ? `Exists ${endpoint.condition}.` : '',
    auth === 'member'
      ? 'Needs a member token; without a valid one the answer is `{code: 401, message: "请登录"}`.'
      : '',
    auth === 'optional'
      ? "A member token is optional; with one the answer includes the member's own state."
      : '',
    auth === 'admin'
      ? `Operator console: needs an administrator session cookie whose role grants \`${endpoint.permission}\` ` +
        '(else `{code: 401, message: "请登录"}` or `{code: 403}`); a POST, PUT or DELETE also needs the ' +
        "session's `X-CSRF-Token` header."
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    operationId: `${endpoint.method.toLowerCase()}${endpoint.path.replace(/[^A-Za-z0-9]+(\w?)/g, (_, c: string) => c.toUpperCase())}`,
    summary: endpoint.summary,
    ...(description ? { description } : {}),
    tags: [endpoint.tag],
    security,
    parameters: parameters(endpoint),
    ...requestBody(endpoint),
    responses: responses(endpoint),
  };
}

export interface OpenApiOptions {
  endpoints?: readonly Endpoint[];
  /** Leaves out the declared endpoints this node did not register (e.g. development-only pages). */
  isRegistered?: (endpoint: Endpoint) => boolean;
}

/** The OpenAPI 3.1 document of the endpoint declarations in packages/contract. */
export function buildOpenApiDocument(appUrl: string, options: OpenApiOptions = {}) {
  const { isRegistered = () => true } = options;
  const endpoints = (options.endpoints ?? API_ENDPOINTS).filter(isRegistered);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const path = openApiPath(endpoint.path);
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation(endpoint);
  }
  const tags = [...new Set(endpoints.map((endpoint) => endpoint.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kezhan API',
      version: '1.0.0',
      description:
        'The MeEdu v2/v3-compatible API of Kezhan (课栈). Every JSON answer is an envelope `{code, message, data}`: ' +
        '`code` 0 is success, 1 a business or validation failure with a Chinese `message` (HTTP 200), 401 a missing or ' +
        'invalid token (`请登录`), 429 too many requests. Empty `data` is `[]`. Send the member token as ' +
        '`Authorization: Bearer <token>`.',
    },
    servers: [{ url: appUrl }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        adminSession: { type: 'apiKey', in: 'cookie', name: 'kezhan_admin' },
      },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['code', 'message', 'data'],
          properties: {
            code: {
              type: 'integer',
              description: '0 success; 1 failure; 401 login needed; 429 rate limited',
            },
            message: { type: 'string', description: "'' on success, the Chinese reason otherwise" },
            data: { description: 'The answer; `[]` when there is none' },
          },
        },
      },
    },
  };
}
