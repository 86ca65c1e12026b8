import { http } from '@/shared/http/client';

export type SmsScene = 'login' | 'mobile_bind' | 'password_reset';

export interface SendSmsInput {
  mobile: string;
  image_key: string;
  image_captcha: string;
  scene: SmsScene;
}

export function sendSms(input: SendSmsInput) {
  return http.post<unknown>('/api/v2/captcha/sms', input);
}
