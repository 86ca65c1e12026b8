import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BusinessError } from '../../shared/http/errors';
import { STATE_TTL_SECONDS } from './oauth-state';

/**
 * Binds a social login to the browser that started it, against login CSRF: an attacker who
 * finishes a flow with their own QQ / WeChat account must not be able to log a victim into that
 * account by sending the victim the callback or the `login_code` link.
 *
 * Starting a flow sets the `kezhan_oauth` cookie (HttpOnly, SameSite=Lax, under /api/v3/); its
 * hash rides in the signed state, the callback only proceeds in a browser holding it, and the
 * login code remembers it. Exchanging the code from a page of this site (the h5) needs the same
 * cookie, whatever the browser: a page of this site is known by `Sec-Fetch-Site: same-origin`,
 * by an `Origin` (or, without one, a `Referer`) on this site's own address, or by the h5's own
 * `X-Kezhan-Browser-Binding: 1` (sent when it calls the API on its own origin), so an older
 * Safari or an in-app webview that sends no `Sec-Fetch-Site` is held to the cookie too. A client
 * that cannot hold our cookie (a native app, or a site on another origin such as a MeEdu PC
 * client) still exchanges its code as MeEdu clients do.
 */
export const OAUTH_BROWSER_COOKIE = 'kezhan_oauth';
/** The h5 declares with this header that it calls the API from its own origin (see above). */
export const BROWSER_BINDING_HEADER = 'x-kezhan-browser-binding';
export const BROWSER_MISMATCH_MESSAGE = '授权已失效，请重新登录';

const hash = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 32);

function cookieValue(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0 && part.slice(0, equals).trim() === name) return part.slice(equals + 1).trim() || null;
  }
  return null;
}

/** What a request tells about the browser it comes from. */
export interface BrowserIdentity {
  /** The hash of its `kezhan_oauth` cookie, or null without one. */
  binding: string | null;
  /** Sent by a page of this site, where our cookie travels with the request. */
  fromThisSite: boolean;
}

/** `name[:port]` of an absolute address, lower case; null for anything else (`null`, garbage). */
function hostOf(address: string | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Whether a page of this site sent the request: the browser says so (`Sec-Fetch-Site`), the h5
 * says so, or the page's address (`Origin`, else `Referer`) is on this site: APP_URL's host or
 * the host the request was sent to (cookies are per host, so such a page sends ours).
 */
function sentByPageOfThisSite(request: FastifyRequest, appUrl: string): boolean {
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  if (request.headers[BROWSER_BINDING_HEADER] === '1') return true;
  const header = request.headers.origin ?? request.headers.referer;
  const pageHost = hostOf(Array.isArray(header) ? header[0] : header);
  if (!pageHost) return false;
  return pageHost === hostOf(appUrl) || pageHost === hostOf(`${request.protocol}://${request.host}`);
}

export function browserIdentityOf(request: FastifyRequest, appUrl: string): BrowserIdentity {
  const value = cookieValue(request, OAUTH_BROWSER_COOKIE);
  return {
    binding: value ? hash(value) : null,
    fromThisSite: sentByPageOfThisSite(request, appUrl),
  };
}

/** The browser binding of a new flow: reuses this browser's cookie or sets a new one. */
export function bindBrowser(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  let value = cookieValue(request, OAUTH_BROWSER_COOKIE);
  if (!value || !/^[\w-]{32}$/.test(value)) {
    value = randomBytes(24).toString('base64url');
    reply.header(
      'set-cookie',
      `${OAUTH_BROWSER_COOKIE}=${value}; Path=/api/v3/; Max-Age=${STATE_TTL_SECONDS * 2}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    );
  }
  return hash(value);
}

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Whether the browser is the one the binding names (true when there is no binding). */
export function isSameBrowser(browser: BrowserIdentity, binding: string | null | undefined): boolean {
  if (!binding) return true;
  return browser.binding !== null && same(browser.binding, binding);
}

/**
 * Before a login code is exchanged: a request that carries our cookie, or comes from a page of
 * this site, must be the browser that started the flow.
 */
export function assertCodeBrowser(browser: BrowserIdentity, binding: string | null | undefined): void {
  if (!binding) return;
  if ((browser.fromThisSite || browser.binding !== null) && !isSameBrowser(browser, binding))
    throw new BusinessError(BROWSER_MISMATCH_MESSAGE);
}
