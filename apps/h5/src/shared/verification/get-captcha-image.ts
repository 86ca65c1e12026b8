import type { ImageCaptcha } from '@kezhan/contract/browser';
import { useApiQuery } from '@/shared/data/query';
import { http } from '@/shared/http/client';

export type CaptchaImage = ImageCaptcha;

export function getCaptchaImage(signal?: AbortSignal) {
  return http.get<CaptchaImage>('/api/v2/captcha/image', undefined, { signal });
}

/** A fresh image captcha while `enabled`; `refresh` draws another. No image after a failure. */
export function useCaptchaImage(enabled = true) {
  const image = useApiQuery(['captcha-image'], async (signal) => (await getCaptchaImage(signal)).data, {
    enabled,
  });
  return { captcha: image.error === undefined ? (image.data ?? null) : null, refresh: image.refetch };
}
