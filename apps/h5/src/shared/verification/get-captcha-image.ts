import type { ImageCaptcha } from '@kezhan/contract/browser';
import { http } from '@/shared/http/client';

export type CaptchaImage = ImageCaptcha;

export function getCaptchaImage() {
  return http.get<CaptchaImage>('/api/v2/captcha/image');
}
