import { http, type RequestOptions } from '../http/client';
import type { MemberDetail } from './types';

export function getMemberDetail(options?: RequestOptions) {
  return http.get<MemberDetail>('/api/v2/member/detail', undefined, options);
}
