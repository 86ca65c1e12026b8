import type { SmsScene } from '@kezhan/contract/auth';

export interface SmsMessage {
  mobile: string;
  scene: SmsScene;
  code: string;
}

/** Delivers verification codes. Throws `SmsDeliveryError` when the vendor refuses. */
export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}
