const SENSITIVE_PARAMS = ['token', 'login_code', 'action'];

function stripParams(query: string): string {
  const params = new URLSearchParams(query);
  for (const name of SENSITIVE_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * Removes `token`, `login_code` and `action` from an address: from the query of a
 * hash-router fragment (`…#/path?login_code=…`) as MeEdu clients send them, and from the normal
 * query string too, which the original client forgot for history-router URLs.
 */
export function removeTokenParams(url: string): string {
  const hashIndex = url.indexOf('#');
  const main = hashIndex === -1 ? url : url.slice(0, hashIndex);
  let hash = hashIndex === -1 ? '' : url.slice(hashIndex);

  if (hash) {
    const q = hash.indexOf('?');
    if (q !== -1) hash = hash.slice(0, q) + stripParams(hash.slice(q + 1));
  }

  const q = main.indexOf('?');
  const cleanMain = q === -1 ? main : main.slice(0, q) + stripParams(main.slice(q + 1));
  return cleanMain + hash;
}

/** `protocol//host` of the current page. */
export function getHost(): string {
  return `${window.location.protocol}//${window.location.host}`;
}

/** The redirect target of a login page: a same-site path, never an outside address. */
export function safeRedirect(raw: string | null | undefined, fallback = ''): string {
  if (!raw) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//')) return fallback;
  return raw;
}
