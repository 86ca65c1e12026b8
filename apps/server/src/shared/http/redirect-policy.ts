import type { ServerEnv } from '../../config/env';
import type { SettingsSnapshot } from '../settings/settings-service';

export const REDIRECT_NOT_ALLOWED_MESSAGE = '非法的跳转地址';

/**
 * Where the server may send a browser back to after a payment, a social login or a face
 * verification: only our own sites, so none of these flows can be used to bounce a member to a
 * look-alike page.
 *
 * A target is accepted when it is an absolute `http:` / `https:` URL without user-info whose host
 * (name and port, compared case-insensitively) is one of the allowed hosts. The URL is parsed the
 * way a browser parses it, so `https://ourhost@evil`, `//evil`, `https:\\evil` and
 * `https://ourhost.evil` are judged by the host the browser would really visit. Relative and
 * scheme-relative addresses are refused: the caller decides which site a path belongs to.
 */
export interface RedirectPolicy {
  /** The normalised URL when `candidate` may be redirected to, else null. */
  check(candidate: unknown): string | null;
}

export interface RedirectPolicySources {
  /** Addresses of our sites (`https://h5.example.com`); their host and port are allowed. */
  siteUrls: readonly string[];
  /** Extra hosts, written as `name`, `name:port` or a full URL. */
  extraHosts: readonly string[];
  /** In development also any loopback host on any port (the h5 dev server runs on localhost). */
  allowLoopback: boolean;
}

const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `name[:port]` in lower case, the way `URL.host` writes it (default ports dropped), or null. */
export function normaliseHost(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
    if (url.username || url.password || !url.hostname) return null;
    return url.host.toLowerCase();
  } catch {
    return null;
  }
}

export function createRedirectPolicy(sources: RedirectPolicySources): RedirectPolicy {
  const hosts = new Set<string>();
  for (const value of [...sources.siteUrls, ...sources.extraHosts]) {
    const host = normaliseHost(value);
    if (host) hosts.add(host);
  }
  return {
    check(candidate) {
      if (typeof candidate !== 'string' || !candidate) return null;
      let url: URL;
      try {
        url = new URL(candidate);
      } catch {
        return null;
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
      if (url.username || url.password) return null;
      const allowed =
        hosts.has(url.host.toLowerCase()) ||
        (sources.allowLoopback && LOOPBACK_HOSTNAMES.has(url.hostname.toLowerCase()));
      return allowed ? url.toString() : null;
    },
  };
}

/** The policy of this deployment: the API (APP_URL), the h5 and PC sites, ALLOWED_REDIRECT_HOSTS. */
export function siteRedirectPolicy(env: ServerEnv, settings: SettingsSnapshot): RedirectPolicy {
  return createRedirectPolicy({
    siteUrls: [env.appUrl, settings.text('h5_url'), settings.text('pc_url')],
    extraHosts: env.allowedRedirectHosts,
    allowLoopback: !env.isProduction,
  });
}

/** `url` with the given query parameters set (the fragment stays last). */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}
