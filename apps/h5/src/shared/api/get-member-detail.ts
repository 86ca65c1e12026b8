import { http, type RequestOptions } from '../http/client';
import { MEMBER_DETAIL_ADDRESS } from '../http/early-requests';
import type { MemberDetail } from './types';

export function getMemberDetail(options?: RequestOptions) {
  return http.get<MemberDetail>(MEMBER_DETAIL_ADDRESS, undefined, options);
}
