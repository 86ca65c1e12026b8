import { ADMIN_SESSION_COOKIE } from '@kezhan/contract/admin/permissions';

/**
 * The session cookie: never readable by scripts (HttpOnly), never sent by another site's page
 * (SameSite=Strict), only over HTTPS when the site is served over HTTPS, and only to the admin API.
 */
export function sessionCookie(appUrl: string, token: string, maxAgeSeconds: number): string {
  return [
    `${ADMIN_SESSION_COOKIE}=${token}`,
    'Path=/api/admin',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAgeSeconds}`,
    ...(appUrl.startsWith('https://') ? ['Secure'] : []),
  ].join('; ');
}

export const clearedSessionCookie = (appUrl: string) => sessionCookie(appUrl, '', 0);
