import type { MemberMessagesPage } from '@kezhan/contract/messages';
import { http } from '@/shared/http/client';

/** 20 messages per page. */
export const MESSAGES_PAGE_SIZE = 20;

/** Newest first. */
export function getMessages(page: number, pageSize = MESSAGES_PAGE_SIZE, signal?: AbortSignal) {
  return http.get<MemberMessagesPage>('/api/v2/member/messages', { page, page_size: pageSize }, { signal });
}
