let explicitBase: string | null = null;

declare global {
  interface Window {
    __KEZHAN_API_BASE__?: string;
  }
}

/**
 * Where the MeEdu-compatible API lives. Same origin by default; a deployment can point one
 * build at another server through `<meta name="kezhan-api-base" content="https://api…">`
 * or `window.__KEZHAN_API_BASE__`, without rebuilding.
 */
export function getApiBase(): string {
  if (explicitBase !== null) return explicitBase;
  const fromWindow = typeof window !== 'undefined' ? window.__KEZHAN_API_BASE__ : undefined;
  const fromMeta =
    typeof document !== 'undefined'
      ? document.querySelector<HTMLMetaElement>('meta[name="kezhan-api-base"]')?.content
      : undefined;
  return (fromWindow || fromMeta || '').trim().replace(/\/+$/, '');
}

export function setApiBase(base: string | null): void {
  explicitBase = base === null ? null : base.trim().replace(/\/+$/, '');
}

/** Whether the API is on this page's own origin (where this site's cookies travel with a call). */
export function isApiOnThisOrigin(): boolean {
  const base = getApiBase();
  if (!base) return true;
  try {
    return new URL(base, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}
