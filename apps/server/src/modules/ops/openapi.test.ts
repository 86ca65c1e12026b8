import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { z } from 'zod';
import { API_ENDPOINTS } from '@kezhan/contract/api';
import { defineEndpoint, isEnvelopeEndpoint, type Endpoint } from '@kezhan/contract/endpoint';
import { memberDetail } from '@kezhan/contract/member';
import { buildOpenApiDocument } from './openapi';
import { renderDocsPage } from './docs-page';

type Operation = {
  summary: string;
  description?: string;
  operationId: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, any> }> };
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
};

const key = (method: string, path: string) => `${method} ${path}`;

/**
 * Routes that are not part of the API: automatic HEAD twins of GET routes, the h5 files
 * (wildcard) and the loopback-only CLI endpoint of a PGlite server.
 */
const isDocumentable = (route: { method: string; url: string }) =>
  route.method !== 'HEAD' &&
  route.method !== 'OPTIONS' &&
  !route.url.includes('*') &&
  !route.url.startsWith('/internal/');

describe('OpenAPI document and /api/docs', () => {
  let t: TestApp;
  let document: { paths: Record<string, Record<string, Operation>>; [key: string]: any };
  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    document = response.json();
  });
  afterAll(() => t.close());

  it('documents every endpoint the server registers, and nothing it does not', () => {
    const registered = new Set(
      t.app.registeredRoutes.filter(isDocumentable).map((r) => key(r.method, r.url)),
    );
    const catalogued = new Set(API_ENDPOINTS.map((endpoint) => key(endpoint.method, endpoint.path)));
    const undocumented = [...registered].filter((route) => !catalogued.has(route));
    const phantom = [...catalogued].filter((route) => !registered.has(route));
    expect(
      undocumented,
      'Declare these endpoints in packages/contract (defineEndpoint) and register them with route()',
    ).toEqual([]);
    expect(phantom, 'These declarations match no registered route').toEqual([]);
    expect(API_ENDPOINTS.length).toBe(catalogued.size);
    // The route list comes from the ops plugin's onRoute hook; it must see every module.
    expect(registered.has('GET /api/v2/other/config')).toBe(true);
    expect(registered.has('GET /api/v2/member/detail')).toBe(true);
    for (const endpoint of API_ENDPOINTS) {
      expect(
        t.app.hasRoute({ method: endpoint.method, url: endpoint.path }),
        key(endpoint.method, endpoint.path),
      ).toBe(true);
    }
  });

  it('has one operation per declaration, each with summary, tag, parameters and a response', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'http://api.test' }]);
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations).toHaveLength(API_ENDPOINTS.length);
    const operationIds = new Set<string>();
    for (const { path, method, operation } of operations) {
      expect(operation.summary, `${method} ${path}`).toBeTruthy();
      expect(operation.tags).toHaveLength(1);
      expect(Object.keys(operation.responses).length).toBe(1);
      operationIds.add(operation.operationId);
      // Every {param} of the path is declared as a required path parameter.
      for (const match of path.matchAll(/\{(\w+)\}/g)) {
        expect(operation.parameters).toContainEqual(
          expect.objectContaining({ name: match[1], in: 'path', required: true }),
        );
      }
    }
    expect(operationIds.size).toBe(operations.length);
  });

  it('turns contract schemas into request bodies and query parameters', () => {
    const login = document.paths['/api/v2/login/mobile'].post;
    const body = login.requestBody!.content['application/json'].schema;
    expect(body.type).toBe('object');
    expect(body.required).toEqual(['mobile']);
    expect(body.properties.mobile).toEqual({
      type: 'string',
      minLength: 1,
      maxLength: 20,
      pattern: '^1[3-9]\\d{9}$',
    });
    expect(Object.keys(body.properties)).toEqual(['mobile', 'mobile_code', 'msv']);

    const sms = document.paths['/api/v2/captcha/sms'].post.requestBody!.content['application/json'].schema;
    expect(sms.properties.scene.enum).toEqual(['login', 'register', 'password_reset', 'mobile_bind']);
    expect(sms.required).toEqual(['mobile', 'image_captcha', 'image_key', 'scene']);

    // Query fields with defaults are optional, although z.preprocess hides that from JSON Schema.
    const messages = document.paths['/api/v2/member/messages'].get;
    expect(messages.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['page', 'query', false],
      ['page_size', 'query', false],
    ]);
  });

  it('marks which endpoints need a token', () => {
    expect(document.components.securitySchemes.bearerAuth).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(document.paths['/api/v2/member/detail'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/v2/other/config'].get.security).toEqual([]);
    const envelope = document.paths['/api/v2/other/config'].get.responses['200'].content as any;
    expect(envelope['application/json'].schema.allOf[0]).toEqual({ $ref: '#/components/schemas/Envelope' });
    expect(document.paths['/healthz'].get.responses['200'].content).toHaveProperty(['application/json']);
  });

  it("takes every operation's auth and answer from its declaration", () => {
    for (const endpoint of API_ENDPOINTS) {
      const operation =
        document.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
      if (!operation) continue; // not registered on this node (checked above)
      const label = key(endpoint.method, endpoint.path);
      const auth = endpoint.auth ?? 'none';
      const security = {
        member: [{ bearerAuth: [] }],
        optional: [{}, { bearerAuth: [] }],
        admin: [{ adminSession: [] }],
        none: [],
      }[auth];
      expect(operation.security, label).toEqual(security);
      if (auth === 'admin') expect(operation.description, label).toContain(`\`${endpoint.permission}\``);
      if (isEnvelopeEndpoint(endpoint)) {
        const schema = (operation.responses['200'].content as any)['application/json'].schema;
        const { $schema: _, ...expected } = z.toJSONSchema(endpoint.data, {
          io: 'output',
          unrepresentable: 'any',
        }) as Record<string, unknown>;
        expect(schema.allOf[1].properties.data, label).toEqual(expected);
      } else if (endpoint.answers === 'redirect') {
        expect(Object.keys(operation.responses), label).toEqual(['302']);
      } else {
        expect(Object.keys(operation.responses['200'].content ?? {}), label).toEqual([endpoint.answers]);
      }
    }
    // Response schemas are the contract's zod schemas: strict objects, so no stray column passes.
    const detail = (document.paths['/api/v2/member/detail'].get.responses['200'].content as any)[
      'application/json'
    ].schema.allOf[1].properties.data;
    expect(detail).toMatchObject({ type: 'object', additionalProperties: false });
    expect(Object.keys(detail.properties)).toEqual(Object.keys(memberDetail.shape));
  });

  it('answers 401 without a token on every endpoint declared as member-only', async () => {
    const memberOnly = API_ENDPOINTS.filter((endpoint) => endpoint.auth === 'member');
    expect(memberOnly.length).toBeGreaterThan(20);
    for (const endpoint of memberOnly) {
      const url = endpoint.path.replace(/:(\w+)/g, (_, name: string) => (name === 'app' ? 'qq' : '1'));
      const response = await t.app.inject({ method: endpoint.method, url });
      expect(response.json(), key(endpoint.method, endpoint.path)).toMatchObject({ code: 401 });
    }
  });

  it('documents path parameters and optional tokens', () => {
    const endpoints: Endpoint[] = [
      defineEndpoint({
        method: 'GET',
        path: '/api/v2/course/:id',
        tag: 'courses',
        auth: 'optional',
        summary: 'Course',
        params: z.object({ id: z.string().regex(/^\d{1,9}$/) }),
        data: z.strictObject({ id: z.number() }),
      }),
    ];
    const built = buildOpenApiDocument('http://x', { endpoints }) as unknown as typeof document;
    const course = built.paths['/api/v2/course/{id}'].get;
    expect(course.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d{1,9}$' } },
    ]);
    expect(course.security).toEqual([{}, { bearerAuth: [] }]);
  });

  it('documents uploads as multipart, and leaves out routes this node did not register', () => {
    const avatar = document.paths['/api/v2/member/detail/avatar'].post.requestBody!.content;
    expect(avatar).toEqual({
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            file: { type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 1 MB' },
          },
          required: ['file'],
        },
      },
    });
    // Development-only pages are registered here (no vendor credentials) and say so.
    expect(document.paths['/api/v3/dev/faceid/verify'].get.description).toContain(
      'Exists only with the development provider',
    );
    const production = buildOpenApiDocument('http://x', {
      isRegistered: (endpoint) => !endpoint.condition,
    }) as unknown as typeof document;
    expect(production.paths['/api/v3/dev/faceid/verify']).toBeUndefined();
    expect(production.paths['/api/v2/member/detail']).toBeDefined();
    expect(production.tags).not.toContainEqual({ name: 'development' });
  });

  it('serves a self-contained HTML page that embeds the document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    const embedded = /<script type="application\/json" id="openapi">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(JSON.parse(embedded)).toEqual(document);
    // Nothing is loaded from elsewhere: no external scripts, styles or fonts.
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/@import|url\(/);
  });

  it('keeps markup inside the document from breaking out of the page', () => {
    const html = renderDocsPage(
      JSON.stringify({ info: { description: '</script><script>alert(1)</script>' } }),
    );
    expect(html).not.toContain('</script><script>alert(1)');
    const embedded = /<script type="application\/json" id="openapi">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(JSON.parse(embedded).info.description).toBe('</script><script>alert(1)</script>');
  });
});
