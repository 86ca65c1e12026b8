import { http } from '@/shared/http/client';

/** Records the member's acceptance of the published user agreement and privacy policy. */
export function agreeAgreements() {
  return http.post<unknown>('/api/v2/member/agreement/agree', {});
}
