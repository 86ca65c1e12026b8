import type { SendSmsBody, SmsScene } from '@kezhan/contract/browser';
import { http } from '@/shared/http/client';

export type { SmsScene };

/** The request body as the h5 fills it: text fields (the schema also accepts numbers). */
export type SendSmsInput = { [K in keyof SendSmsBody]-?: K extends 'scene' ? SmsScene : string };

export function sendSms(input: SendSmsInput) {
  return http.post<unknown>('/api/v2/captcha/sms', input);
}
