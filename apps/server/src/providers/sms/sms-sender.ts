import type { SmsScene } from '@kezhan/contract/auth';

export interface SmsMessage {
  mobile: string;
  scene: SmsScene;
  code: string;
}

/** What changed on a member's account, for the notice sent to the mobile that had it. */
export type SmsNoticeKind = 'mobile_changed' | 'password_reset';

export interface SmsNotice {
  mobile: string;
  kind: SmsNoticeKind;
}

/** The words of a notice's `${change}` variable (an Aliyun template reads 您的${change}已被修改…). */
export const SMS_NOTICE_CHANGES: Record<SmsNoticeKind, string> = {
  mobile_changed: '登录手机号',
  password_reset: '登录密码',
};

/** Delivers verification codes and account notices. Throws `SmsDeliveryError` when the vendor refuses. */
export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
  /**
   * Whether account notices can be sent (a gateway needs a template approved for them); when
   * false, `notify` is never called and the member is told by site message alone.
   */
  readonly sendsNotices: boolean;
  notify(notice: SmsNotice): Promise<void>;
}

export class SmsDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}
