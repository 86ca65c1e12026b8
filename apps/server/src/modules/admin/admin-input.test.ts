import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENDPOINTS } from '@kezhan/contract/admin/index';
import { isEnvelopeEndpoint } from '@kezhan/contract/endpoint';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signedInAdmin, type AdminClient } from '../../../test/support/admin';

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
  });
});
