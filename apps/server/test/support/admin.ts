import type { InjectOptions } from 'fastify';
import type { Envelope } from '@kezhan/contract/envelope';
import type { TestApp } from '../test-app';
import { createAdministrator } from '../../src/modules/admin/administrators';

export const TEST_ADMIN_PASSWORD = 'correct-horse-9';

/** A signed-in console client: the session cookie and CSRF token sent with every request. */
export interface AdminClient {
  cookie: string;
  csrfToken: string;
  request<T = unknown>(
    options: InjectOptions & { csrf?: boolean },
  ): Promise<Envelope<T> & { statusCode: number }>;
}

/** The `name=value` of the session cookie set by an answer. */
export function sessionCookieOf(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!header) throw new Error('no Set-Cookie');
  return header.split(';')[0];
}

export async function adminLogin(
  t: TestApp,
  username: string,
  password = TEST_ADMIN_PASSWORD,
  remoteAddress = '127.0.0.1',
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password },
    remoteAddress,
  });
  return { response, body: response.json() as Envelope<{ csrf_token: string }> };
}

/** Creates an administrator of `role` (a role's key; username = role unless given) and signs them in. */
export async function signedInAdmin(t: TestApp, role: string, username: string = role): Promise<AdminClient> {
  await createAdministrator(
    t.services.db,
    { username, password: TEST_ADMIN_PASSWORD, role },
    t.services.now(),
  );
  const { response, body } = await adminLogin(t, username);
  if (body.code !== 0) throw new Error(`admin login failed: ${body.message}`);
  const cookie = sessionCookieOf(response.headers['set-cookie']);
  const csrfToken = body.data.csrf_token;
  return {
    cookie,
    csrfToken,
    async request(options) {
      const { csrf = true, ...rest } = options;
      const response = await t.app.inject({
        ...rest,
        headers: { ...(rest.headers ?? {}), cookie, ...(csrf ? { 'x-csrf-token': csrfToken } : {}) },
      });
      return { ...(response.json() as Envelope<never>), statusCode: response.statusCode };
    },
  };
}

/** The audit rows of one action, oldest first. */
export const auditRows = (t: TestApp, action: string) =>
  t.services.db
    .selectFrom('admin_audit_logs')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id')
    .execute();
