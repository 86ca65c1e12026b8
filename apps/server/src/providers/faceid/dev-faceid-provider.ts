import { randomBytes } from 'node:crypto';
import type { EphemeralStore } from '../../shared/store/ephemeral-store';
import { FaceIdError, type FaceIdProvider, type FaceIdResult, type FaceIdSession } from './faceid-provider';

const SESSION_TTL_SECONDS = 7200;
export const DEV_RULE_ID = 'dev';
export const devFaceIdPagePath = '/api/v3/dev/faceid/verify';
export const devFaceIdCompletePath = '/api/v3/dev/faceid/complete';
const sessionKey = (bizToken: string) => `dev-faceid:${bizToken}`;

interface DevSession {
  redirectUrl: string;
  result: FaceIdResult;
}

/**
 * Development stand-in for Tencent FaceID: the verification "H5" is a page on this server
 * (模拟实名认证) that records a pass or a failure and returns to the redirect URL with
 * `token=<BizToken>` appended, as Tencent does. Refused in production.
 */
export class DevFaceIdProvider implements FaceIdProvider {
  readonly driver = 'dev';
  readonly configured = true;
  readonly ruleId = DEV_RULE_ID;

  constructor(
    private readonly appUrl: string,
    private readonly store: EphemeralStore,
    isProduction: boolean,
  ) {
    if (isProduction) throw new Error('The development FaceID provider is refused in production');
  }

  async start({ redirectUrl }: { redirectUrl: string; extra: string }): Promise<FaceIdSession> {
    const bizToken = randomBytes(18).toString('hex').toUpperCase();
    const session: DevSession = { redirectUrl, result: { outcome: 'pending' } };
    await this.store.set(sessionKey(bizToken), JSON.stringify(session), SESSION_TTL_SECONDS);
    return {
      bizToken,
      url: `${this.appUrl}${devFaceIdPagePath}?${new URLSearchParams({ biz_token: bizToken })}`,
      requestId: `dev-${randomBytes(8).toString('hex')}`,
    };
  }

  /** Whether the simulation page may be shown for this token. */
  async exists(bizToken: string): Promise<boolean> {
    return (await this.store.get(sessionKey(bizToken))) !== null;
  }

  /** Records the simulated outcome; answers where to send the browser (the URL given at start). */
  async complete(bizToken: string, result: FaceIdResult): Promise<string> {
    const session = await this.session(bizToken);
    session.result = result;
    await this.store.set(sessionKey(bizToken), JSON.stringify(session), SESSION_TTL_SECONDS);
    const url = new URL(session.redirectUrl);
    url.searchParams.set('token', bizToken);
    return url.toString();
  }

  async result({ bizToken, ruleId }: { bizToken: string; ruleId: string }): Promise<FaceIdResult> {
    if (ruleId !== DEV_RULE_ID) throw new FaceIdError('InvalidParameterValue.RuleId', 'unknown rule');
    return (await this.session(bizToken)).result;
  }

  private async session(bizToken: string): Promise<DevSession> {
    const stored = await this.store.get(sessionKey(bizToken));
    if (!stored) throw new FaceIdError('InvalidParameterValue.BizToken', 'unknown or expired BizToken');
    return JSON.parse(stored) as DevSession;
  }
}
