import type { ServerEnv } from '../../config/env';
import type { SettingsSnapshot } from '../../shared/settings/settings-service';

export const REDIRECT_NOT_ALLOWED_MESSAGE = '非法的跳转地址';

const hostOf = (value: string): string | null => {
  if (!value) return null;
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).host.toLowerCase();
  } catch {
    return null;
  }
};

/** Hosts (`name[:port]`) a browser may be sent back to: this API's, the h5's, the PC site's, and extras. */
export function allowedRedirectHosts(env: ServerEnv, settings: SettingsSnapshot): Set<string> {
  const hosts = new Set<string>();
  for (const value of [
    env.appUrl,
    settings.text('h5_url'),
    settings.text('pc_url'),
    ...env.social.allowedRedirectHosts,
  ]) {
    const host = hostOf(value);
    if (host) hosts.add(host);
  }
  return hosts;
}

/**
 * The normalised URL when `value` is an absolute http(s) URL on an allowed host, else null.
 * Parsing first means `https://h5.host@evil.com`, `//evil.com` and backslash tricks are judged
 * by the host a browser would actually visit.
 */
export function checkRedirectTarget(value: string, hosts: Set<string>): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  return hosts.has(url.host.toLowerCase()) ? url.toString() : null;
}

/** `url` with the given query parameters set (the fragment stays last). */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}
