import { randomAlphanumeric } from '../../shared/auth/tokens';
import { BusinessError, INVALID_PARAMS_MESSAGE } from '../../shared/http/errors';
import type { EphemeralStore } from '../../shared/store/ephemeral-store';
import type { SocialApp, SocialUser } from '../../providers/oauth/oauth-provider';
import type { SocialAction } from './oauth-state';

export const LOGIN_CODE_TTL_SECONDS = 600;
export const CODE_EXPIRED_MESSAGE = '已过期';

/** What a `login_code` stands for: a vendor-confirmed identity, for one login or one bind. */
export interface LoginCodeEntry {
  app: SocialApp;
  action: SocialAction;
  /** The member who started a bind; null for logins. */
  memberId: number | null;
  user: SocialUser;
  /** The browser that started the flow (browser-binding.ts); absent for older codes. */
  browser?: string | null;
  /** Epoch milliseconds; checked against the app clock as well as the store's TTL. */
  expiresAt: number;
}

const CODE_PATTERN = /^[A-Za-z0-9]{32}$/;
const codeKey = (code: string) => `social:login-code:${code}`;

/**
 * Short-lived, single-use codes handed to the browser after the vendor's callback (the token
 * itself never travels in a URL). Reading (`peek`) leaves the code in place, because a new
 * account may still need a mobile; only `take` redeems it, and only one caller ever can.
 */
export class LoginCodes {
  constructor(
    private readonly store: EphemeralStore,
    private readonly now: () => Date,
  ) {}

  async issue(entry: Omit<LoginCodeEntry, 'expiresAt'>): Promise<string> {
    const code = randomAlphanumeric(32);
    const stored: LoginCodeEntry = {
      ...entry,
      expiresAt: this.now().getTime() + LOGIN_CODE_TTL_SECONDS * 1000,
    };
    await this.store.set(codeKey(code), JSON.stringify(stored), LOGIN_CODE_TTL_SECONDS);
    return code;
  }

  /** The live entry behind `code`; `已过期` when unknown, used or expired. */
  async peek(code: string): Promise<LoginCodeEntry> {
    if (!CODE_PATTERN.test(code)) throw new BusinessError(INVALID_PARAMS_MESSAGE);
    const stored = await this.store.get(codeKey(code));
    if (stored === null) throw new BusinessError(CODE_EXPIRED_MESSAGE);
    const entry = parseEntry(stored);
    if (!entry) throw new BusinessError(INVALID_PARAMS_MESSAGE);
    if (entry.expiresAt <= this.now().getTime()) {
      await this.store.delete(codeKey(code));
      throw new BusinessError(CODE_EXPIRED_MESSAGE);
    }
    return entry;
  }

  /** Redeems the code: throws `已过期` unless this call is the one that removed it. */
  async redeem(code: string): Promise<void> {
    if ((await this.store.take(codeKey(code))) === null) throw new BusinessError(CODE_EXPIRED_MESSAGE);
  }
}

function parseEntry(text: string): LoginCodeEntry | null {
  try {
    const entry = JSON.parse(text) as LoginCodeEntry;
    if (
      (entry.app !== 'qq' && entry.app !== 'wechat') ||
      (entry.action !== 'login' && entry.action !== 'bind') ||
      typeof entry.user?.openid !== 'string' ||
      !entry.user.openid ||
      typeof entry.expiresAt !== 'number'
    )
      return null;
    return entry;
  } catch {
    return null;
  }
}
