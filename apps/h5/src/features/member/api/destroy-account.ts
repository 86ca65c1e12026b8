import { http } from '@/shared/http/client';

/** Deletion happens after 7 days unless the member logs in again. */
export function destroyAccount() {
  return http.post<[]>('/api/v3/member/destroy');
}
