import type { SocialiteApp } from '@kezhan/contract/member';
import { http } from '@/shared/http/client';

/** Removes a QQ / WeChat binding (refused when it is the last way to log in). */
export function unbindSocialite(app: SocialiteApp) {
  return http.destroy<[]>(`/api/v2/member/socialite/${app}`);
}
