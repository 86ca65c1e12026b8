import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENDPOINTS } from '@kezhan/contract/admin/index';
import { isEnvelopeEndpoint } from '@kezhan/contract/endpoint';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signedInAdmin, type AdminClient } from '../../../test/support/admin';
import {
  encode,
  HOSTILE_STRINGS,
  HOSTILE_VALUES,
  mulberry32,
  PATH_VALUES,
} from '../../../test/support/fuzz-values';

/**
 * Malformed input to every console route, as 超级管理员: always a Chinese envelope, never a 500.
 * A file answer (the CSV export) may still come back as the file when the bad input is ignored.
 */
describe('operator console: malformed input', () => {
  let t: TestApp;
  let admin: AdminClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t, 'super');
  });
  afterAll(() => t.close());

  const BODIES: unknown[] = [
    {},
    [],
    'text',
    { title: 123, slug: ['x'], category_id: 'abc', charge: '1e9', values: 'x', blocks: 'x', content: [] },
    { title: 'x'.repeat(5000), name: null, size: -1, sign: '__proto__', config: null },
  ];
  const PARAMS = ['0', '999999', 'abc', '1e3', '%00', '-1'];

  it('answers every route and every bad input with a Chinese message', async () => {
    let sent = 0;
    for (const endpoint of ADMIN_ENDPOINTS) {
      if (endpoint.path === '/api/admin/logout') continue;
      for (const param of PARAMS) {
        const url =
          endpoint.path.replace(/:\w+/g, param) +
          (endpoint.method === 'GET' ? '?page=x&page_size=-1&sort=zzz' : '');
        for (const body of endpoint.method === 'GET' || endpoint.method === 'DELETE' ? [undefined] : BODIES) {
          const label = `${endpoint.method} ${url} ${JSON.stringify(body)}`;
          const response = await t.app.inject({
            method: endpoint.method,
            url,
            headers: {
              cookie: admin.cookie,
              'x-csrf-token': admin.csrfToken,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          sent += 1;
          expect(response.statusCode, label).toBe(200);
          const isJson = String(response.headers['content-type']).startsWith('application/json');
          if (!isEnvelopeEndpoint(endpoint) && !isJson) continue;
          const answer = response.json() as { code: number; message: string };
          expect(answer.code, label).not.toBe(500);
          if (answer.code !== 0) expect(answer.message, label).toMatch(/[\u4e00-\u9fff]/);
        }
      }
    }
    expect(sent).toBeGreaterThan(300);
  }, 300_000);

  /** Validation text that escaped without its Chinese message (zod's defaults are English). */
  const ENGLISH_VALIDATION = /expected|invalid|too (big|small)|required|received|must be|unrecognized/i;
  const FUZZ_ROUNDS = Number(process.env.FUZZ_ROUNDS || 8);

  it('a seeded fuzz of every field of every console route reaches the handlers and answers Chinese, never a 5xx', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/') && path !== '/api/admin/logout')
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => {
          const parameters = (op.parameters ?? []) as { name: string; in: string }[];
          const content = (
            op.requestBody as { content?: Record<string, { schema?: { properties?: object } }> }
          )?.content;
          return {
            method: method.toUpperCase(),
            path,
            query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
            body: Object.keys(content?.['application/json']?.schema?.properties ?? {}),
            // Signing in (and its second step) is public: it answers without a session.
            needsSession: !['/api/admin/login', '/api/admin/login/totp'].includes(path),
          };
        }),
      );
    expect(operations.length).toBeGreaterThan(70);
    // The administrator's own id is left out of the path values: disabling or re-keying oneself
    // would end the session the fuzz runs in.
    const ownId = String(
      (
        await t.services.db
          .selectFrom('administrators')
          .select('id')
          .where('username', '=', 'super')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const pathValues = PATH_VALUES.filter((value) => value !== ownId);

    const random = mulberry32(Number(process.env.FUZZ_SEED || 20_261_127));
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
    const failures: string[] = [];
    let reachedHandlers = 0;
    for (let round = 0; round < FUZZ_ROUNDS; round += 1) {
      for (const op of operations) {
        const path = op.path.replace(/\{(\w+)\}/g, () => pick(pathValues));
        const query = op.query
          .filter(() => random() < 0.8)
          .map((name) => {
            const value = pick(HOSTILE_VALUES);
            return `${name}=${encode(typeof value === 'string' ? value.slice(0, 300) : JSON.stringify(value))}`;
          });
        const url = `${path}${query.length ? `?${query.join('&')}` : ''}`;
        const headers: Record<string, string> = { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken };
        let payload: string | undefined;
        if (op.method !== 'GET' && op.method !== 'DELETE') {
          const shape = random();
          if (shape < 0.8) {
            const body: Record<string, unknown> = {};
            for (const name of [...op.body, ...(random() < 0.2 ? ['__proto__', 'constructor'] : [])])
              if (random() < 0.85) body[name] = pick(HOSTILE_VALUES);
            payload = JSON.stringify(body);
            headers['content-type'] = 'application/json';
          } else if (shape < 0.9) {
            payload = pick(['{"a":', '[', 'null', '1', '{"a":"\\ud800"}', '{"__proto__":{"x":1}}']);
            headers['content-type'] = 'application/json';
          } else {
            payload = `${pick([...op.body, 'x'])}=${encode(pick(HOSTILE_STRINGS))}&a=%00`;
            headers['content-type'] = pick(['application/x-www-form-urlencoded', 'text/plain']);
          }
        }
        const res = await t.app.inject({ method: op.method as 'GET', url, headers, payload });
        const where = `${op.method} ${url.slice(0, 160)} ${payload?.slice(0, 160) ?? ''}`;
        if (res.statusCode >= 500) {
          failures.push(`${res.statusCode} ${where} → ${res.body.slice(0, 200)}`);
          continue;
        }
        if (!String(res.headers['content-type']).startsWith('application/json')) continue;
        const answer = res.json() as { code?: number; message?: string };
        if (typeof answer.code !== 'number') continue;
        if (op.needsSession && (answer.code === 401 || answer.code === 403)) {
          failures.push(`did not reach the handler (${answer.code} ${answer.message}) ${where}`);
          continue;
        }
        reachedHandlers += 1;
        if (answer.code === 500) failures.push(`500 ${where} → ${answer.message}`);
        else if (answer.code !== 0 && !/[\u4e00-\u9fff]/.test(answer.message ?? ''))
          failures.push(`not Chinese: ${answer.message} ← ${where}`);
        else if (answer.code !== 0 && ENGLISH_VALIDATION.test(answer.message ?? ''))
          failures.push(`English validation text: ${answer.message} ← ${where}`);
      }
    }
    expect(failures.slice(0, 30)).toEqual([]);
    expect(reachedHandlers).toBeGreaterThan(operations.length * FUZZ_ROUNDS * 0.9);
  }, 600_000);
});
