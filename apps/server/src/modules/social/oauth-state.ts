import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SocialApp } from '../../providers/oauth/oauth-provider';

export type SocialAction = 'login' | 'bind';

/** What a social login remembers between "start" and the vendor's callback. */
export interface OAuthState {
  app: SocialApp;
  action: SocialAction;
  sUrl: string;
  fUrl: string;
  /** The member who asked to bind (action `bind`), else null. */
  memberId: number | null;
  /** Unix seconds. */
  expiresAt: number;
  nonce: string;
  /** Hash of the starting browser's `kezhan_oauth` cookie (browser-binding.ts), or null. */
  browser?: string | null;
}

export const STATE_TTL_SECONDS = 600;

/** The state key: from SOCIAL_STATE_SECRET, else derived from the JWT secret (never the JWT key itself). */
export function deriveSocialStateKey(stateSecret: string, jwtSecret: string): Buffer {
  return createHmac('sha256', stateSecret || jwtSecret)
    .update('kezhan:social-oauth-state:v1')
    .digest();
}

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest();

/** `base64url(json).base64url(hmac)`: readable by anyone, forgeable by no one without the key. */
export function signState(key: Buffer, state: Omit<OAuthState, 'nonce'>): string {
  const compact = {
    a: state.app,
    t: state.action,
    s: state.sUrl,
    f: state.fUrl,
    m: state.memberId,
    e: state.expiresAt,
    n: randomBytes(9).toString('base64url'),
    ...(state.browser ? { b: state.browser } : {}),
  };
  const body = Buffer.from(JSON.stringify(compact)).toString('base64url');
  return `${body}.${mac(key, body).toString('base64url')}`;
}

export type StateCheck = { valid: true; state: OAuthState; expired: boolean } | { valid: false };

/**
 * Checks the signature before reading anything: a tampered state is never trusted, not even
 * for its failure URL. An expired but genuine state is returned with `expired: true`.
 */
export function verifyState(key: Buffer, signed: string, nowSeconds: number): StateCheck {
  const [body, signature, extra] = signed.split('.');
  if (!body || !signature || extra !== undefined) return { valid: false };
  const expected = mac(key, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false };
  let compact: Record<string, unknown>;
  try {
    compact = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return { valid: false };
  }
  const { a, t, s, f, m, e, n, b } = compact;
  if (
    (a !== 'qq' && a !== 'wechat') ||
    (t !== 'login' && t !== 'bind') ||
    typeof s !== 'string' ||
    typeof f !== 'string' ||
    !(m === null || (typeof m === 'number' && Number.isInteger(m))) ||
    typeof e !== 'number' ||
    typeof n !== 'string' ||
    !(b === undefined || typeof b === 'string')
  )
    return { valid: false };
  const state: OAuthState = {
    app: a,
    action: t,
    sUrl: s,
    fUrl: f,
    memberId: m,
    expiresAt: e,
    nonce: n,
    browser: b ?? null,
  };
  return { valid: true, state, expired: nowSeconds > e };
}

/**
 * The OAuth `state` parameter itself: WeChat allows at most 128 alphanumeric characters, so
 * the signed payload travels in our callback URL and `state` is a MAC over it, which the
 * callback compares.
 */
export function stateTag(key: Buffer, signed: string): string {
  return mac(key, `tag:${signed}`).toString('hex').slice(0, 32);
}
