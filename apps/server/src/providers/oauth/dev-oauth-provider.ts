import { randomBytes } from 'node:crypto';
import type { EphemeralStore } from '../../shared/store/ephemeral-store';
import { OAuthError, type OAuthProvider, type SocialApp, type SocialUser } from './oauth-provider';

const CODE_TTL_SECONDS = 300;
const codeKey = (app: SocialApp, code: string) => `dev-oauth:code:${app}:${code}`;

/** Paths of this server's simulated vendor pages (served by the social module's dev routes). */
export const devAuthorizePath = (app: SocialApp) => `/api/v3/dev/oauth/${app}/authorize`;
export const devApprovePath = (app: SocialApp) => `/api/v3/dev/oauth/${app}/approve`;

/**
 * Development stand-in for QQ / WeChat: "authorize" is a page on this server (模拟QQ登录 /
 * 模拟微信授权) where any openid can be typed; approving it mints a one-time code for our own
 * callback, exactly as the vendor would. Refused in production.
 */
export class DevOAuthProvider implements OAuthProvider {
  readonly driver = 'dev';
  readonly configured = true;

  constructor(
    readonly app: SocialApp,
    private readonly appUrl: string,
    private readonly store: EphemeralStore,
    isProduction: boolean,
  ) {
    if (isProduction) throw new Error('The development OAuth provider is refused in production');
  }

  authorizeUrl({ redirectUri, state }: { redirectUri: string; state: string }): string {
    const query = new URLSearchParams({ redirect_uri: redirectUri, state });
    return `${this.appUrl}${devAuthorizePath(this.app)}?${query}`;
  }

  /** Only our own login callbacks may receive a code, so the page is no open redirect. */
  isOwnCallback(redirectUri: string): boolean {
    try {
      const url = new URL(redirectUri);
      return url.origin === new URL(this.appUrl).origin && url.pathname.startsWith('/api/v3/auth/login/');
    } catch {
      return false;
    }
  }

  /** The simulated consent: remembers the chosen identity under a fresh code; answers the callback URL. */
  async approve(user: SocialUser, redirectUri: string, state: string): Promise<string> {
    if (!this.isOwnCallback(redirectUri)) throw new OAuthError('redirect_uri is not our callback');
    const code = randomBytes(16).toString('hex');
    await this.store.set(codeKey(this.app, code), JSON.stringify({ user, redirectUri }), CODE_TTL_SECONDS);
    const url = new URL(redirectUri);
    url.searchParams.set('code', code);
    url.searchParams.set('state', state);
    return url.toString();
  }

  async fetchUser({ code, redirectUri }: { code: string; redirectUri: string }): Promise<SocialUser> {
    const stored = await this.store.take(codeKey(this.app, code));
    if (!stored) throw new OAuthError('unknown or used development code');
    const parsed = JSON.parse(stored) as { user: SocialUser; redirectUri: string };
    if (parsed.redirectUri !== redirectUri) throw new OAuthError('redirect_uri differs from authorize');
    return parsed.user;
  }
}
