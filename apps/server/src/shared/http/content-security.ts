import { createHash } from 'node:crypto';
import type { ServerEnv } from '../../config/env';

/** The origin of an absolute http(s) URL, or null. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Addresses the h5 may load data and media from besides its own origin (see h5SecurityHeaders). */
export function cspAllowedUrls(env: ServerEnv): string[] {
  return [
    env.appUrl,
    env.storage.s3.publicUrl,
    env.storage.driver === 's3' ? env.storage.s3.endpoint : '',
    ...env.cspMediaOrigins,
  ];
}

/** The API base a deployment wrote into the h5's `<meta name="kezhan-api-base">`, if any. */
export function apiBaseOfIndex(indexHtml: string): string | null {
  const meta = /<meta\s+name="kezhan-api-base"\s+content="([^"]*)"/i.exec(indexHtml);
  return meta ? originOf(meta[1].trim()) : null;
}

/**
 * CSP sources (`'sha256-…'`) of the scripts written inline in index.html (the h5's build writes
 * one: the theme applied before the first paint). Data blocks (`type="application/json"`) and
 * scripts loaded from a file need none.
 */
export function inlineScriptSources(indexHtml: string): string[] {
  const sources: string[] = [];
  for (const [, attributes = '', body] of indexHtml.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes) || /\stype\s*=\s*["']?application\/json/i.test(attributes)) continue;
    sources.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return sources;
}

/**
 * Security headers of the served h5 (its HTML and assets). The login token lives in
 * localStorage, so no script may run but the h5's own: scripts from this origin only, and the
 * inline scripts of the built index.html, each allowed by its hash; no eval. The API may be
 * called on this origin, on APP_URL, on the API base written into index.html and on the media
 * origins (object storage, CSP_MEDIA_ORIGINS: video CDNs that hls.js fetches from). Images,
 * audio/video and embedded players may come from any HTTPS origin (course covers and videos live
 * on CDNs). Nobody may frame the app.
 */
export function h5SecurityHeaders(allowedUrls: string[], indexHtml: string): Record<string, string> {
  const origins = new Set<string>();
  for (const url of [...allowedUrls, apiBaseOfIndex(indexHtml) ?? '']) {
    const origin = originOf(url);
    if (origin) origins.add(origin);
  }
  const extra = [...origins].join(' ');
  const policy = [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptSources(indexHtml)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https: ${extra}`,
    `media-src 'self' blob: https: ${extra}`,
    `connect-src 'self' ${extra}`,
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ]
    .map((directive) => directive.trim())
    .join('; ');
  return {
    'content-security-policy': policy,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}
