export type SocialApp = 'qq' | 'wechat';

/** Who the vendor says the visitor is. `unionid` is '' when the vendor did not give one. */
export interface SocialUser {
  openid: string;
  unionid: string;
  nickname: string;
  avatar: string;
}

/**
 * One OAuth 2.0 authorization-code login (QQ, WeChat official account, or the development
 * simulation): where to send the browser, and how to turn the returned `code` into a user.
 */
export interface OAuthProvider {
  readonly app: SocialApp;
  /** `real` or `dev`. */
  readonly driver: string;
  /** False when the real vendor's credentials are missing. */
  readonly configured: boolean;
  authorizeUrl(options: { redirectUri: string; state: string }): string;
  /** `redirectUri` must be exactly the one given to `authorizeUrl` (QQ checks it). */
  fetchUser(options: { code: string; redirectUri: string }): Promise<SocialUser>;
}

export type OAuthProviders = Record<SocialApp, OAuthProvider>;

/** The vendor refused or could not be reached; `message` is for the log. */
export class OAuthError extends Error {
  constructor(
    message: string,
    /** Shown to the member instead of the generic failure text. */
    readonly memberMessage?: string,
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}

/** GET a vendor URL and parse its answer as JSON (QQ may wrap it in `callback( … );`). */
export async function fetchVendorJson(
  url: string,
  fetchImpl: typeof fetch = fetch,
  init: RequestInit = {},
): Promise<Record<string, unknown>> {
  let text: string;
  try {
    const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(10_000) });
    text = await response.text();
  } catch (error) {
    throw new OAuthError(`vendor unreachable: ${(error as Error).message}`);
  }
  const unwrapped = /^\s*callback\(\s*([\s\S]*?)\s*\);?\s*$/.exec(text)?.[1] ?? text;
  try {
    const parsed: unknown = JSON.parse(unwrapped);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // QQ's token endpoint answers `access_token=…&expires_in=…` when `fmt=json` is ignored.
    if (/^[\w%.+-]+=/.test(unwrapped.trim()))
      return Object.fromEntries(new URLSearchParams(unwrapped.trim()));
  }
  throw new OAuthError(`vendor answered something unreadable: ${text.slice(0, 200)}`);
}

/** What the real QQ and WeChat clients share: their settings and GETs against their API base. */
export abstract class VendorOAuthClient<Config extends { apiBase: string }> {
  readonly driver = 'real';

  constructor(
    protected readonly config: Config,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  protected getJson(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    return fetchVendorJson(`${this.config.apiBase}${path}?${new URLSearchParams(query)}`, this.fetchImpl);
  }
}

export const textField = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
