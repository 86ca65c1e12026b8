import { randomInt } from 'node:crypto';
import type { SmsScene } from '@kezhan/contract/auth';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import type { EphemeralStore } from '../../shared/store/ephemeral-store';
import { SmsDeliveryError, type SmsSender } from '../../providers/sms/sms-sender';

export const CODE_TTL_SECONDS = 300;
export const MAX_WRONG_ATTEMPTS = 10;
const ATTEMPT_WINDOW_SECONDS = 600;

export const WRONG_CODE_MESSAGE = '短信验证码错误';
export const RESEND_TOO_SOON_MESSAGE = '短信发送过于频繁，请稍后再试';
export const DELIVERY_FAILED_MESSAGE = '短信发送失败，请稍后再试';

const codeKey = (scene: SmsScene, mobile: string) => `sms:code:${scene}:${mobile}`;
const attemptsKey = (scene: SmsScene, mobile: string) => `sms:attempts:${scene}:${mobile}`;
const cooldownKey = (mobile: string) => `sms:cooldown:${mobile}`;

/**
 * SMS verification codes: 6 digits, valid 300 s, single use, bound to the scene they were sent
 * for (a login code does not reset a password), at most one SMS per mobile per 60 s, and at
 * most 10 wrong tries before the code is discarded.
 */
export class SmsCodeService {
  constructor(
    private readonly store: EphemeralStore,
    private readonly sender: SmsSender,
    private readonly db: Db,
    private readonly resendIntervalSeconds = 60,
  ) {}

  async send(mobile: string, scene: SmsScene): Promise<void> {
    if (!(await this.store.setIfAbsent(cooldownKey(mobile), '1', this.resendIntervalSeconds))) {
      throw new BusinessError(RESEND_TOO_SOON_MESSAGE);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    try {
      await this.sender.send({ mobile, scene, code });
    } catch (error) {
      await this.store.delete(cooldownKey(mobile));
      await this.record(mobile, scene, 'failed', (error as Error).message);
      if (error instanceof SmsDeliveryError) throw new BusinessError(DELIVERY_FAILED_MESSAGE);
      throw error;
    }
    // The record first: when it cannot be written, no code is live and the mobile may retry at once.
    try {
      await this.record(mobile, scene, 'sent');
      await this.store.delete(attemptsKey(scene, mobile));
      await this.store.set(codeKey(scene, mobile), code, CODE_TTL_SECONDS);
    } catch (error) {
      await this.store.delete(codeKey(scene, mobile), cooldownKey(mobile)).catch(() => undefined);
      throw error;
    }
  }

  /** Throws `短信验证码错误` unless `code` is the live code sent to `mobile` for one of `scenes`. */
  async verify(mobile: string, code: string | undefined, scenes: readonly SmsScene[]): Promise<void> {
    for (const scene of scenes) {
      if (await this.tryScene(mobile, code ?? '', scene)) return;
    }
    throw new BusinessError(WRONG_CODE_MESSAGE);
  }

  /**
   * Every try is counted (one atomic increment) before the code is compared, so however many
   * guesses arrive at once, at most MAX_WRONG_ATTEMPTS of them are ever compared with a code.
   */
  private async tryScene(mobile: string, code: string, scene: SmsScene): Promise<boolean> {
    if ((await this.store.get(codeKey(scene, mobile))) === null) return false;
    const attempts = await this.store.increment(attemptsKey(scene, mobile), ATTEMPT_WINDOW_SECONDS);
    if (attempts > MAX_WRONG_ATTEMPTS) {
      await this.store.delete(codeKey(scene, mobile));
      return false;
    }
    const stored = await this.store.get(codeKey(scene, mobile));
    if (stored !== null && code !== '' && code === stored) {
      // Only the caller that actually removes the code wins, so a code never serves twice.
      const taken = await this.store.take(codeKey(scene, mobile));
      await this.store.delete(attemptsKey(scene, mobile));
      return taken === code;
    }
    if (attempts >= MAX_WRONG_ATTEMPTS) await this.store.delete(codeKey(scene, mobile));
    return false;
  }

  private async record(mobile: string, scene: SmsScene, status: 'sent' | 'failed', error = '') {
    await this.db
      .insertInto('sms_records')
      .values({ mobile, scene, provider: this.sender.name, status, error: error.slice(0, 500) })
      .execute();
  }
}
