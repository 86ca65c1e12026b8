import type { MemberMessagesPage } from '@kezhan/contract/messages';
import { http } from '@/shared/http/client';

/** Screens §2.17: 20 messages per page. */
export const MESSAGES_PAGE_SIZE = 20;

/** api-contract §10.1, newest first. */
export function getMessages(page: number, pageSize = MESSAGES_PAGE_SIZE, signal?: AbortSignal) {
  return http.get<MemberMessagesPage>('/api/v2/member/messages', { page, page_size: pageSize }, { signal });
}
