import type { SocialiteApp } from '@kezhan/contract/member';
import { http } from '@/shared/http/client';

/** api-contract §12.6. */
export function unbindSocialite(app: SocialiteApp) {
  return http.destroy<[]>(`/api/v2/member/socialite/${app}`);
}
