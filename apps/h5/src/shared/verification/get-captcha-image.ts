import { http } from '@/shared/http/client';

export interface CaptchaImage {
  key: string;
  img: string;
}

export function getCaptchaImage() {
  return http.get<CaptchaImage>('/api/v2/captcha/image');
}
