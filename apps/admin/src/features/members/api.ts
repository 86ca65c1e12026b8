import type { DataOf } from '@kezhan/contract/endpoint';
import type {
  adminMemberAccountsApi,
  AdminMemberCreateBody,
  AdminMemberCreditBody,
  AdminMemberGoodsBody,
  AdminMemberListQuery,
  adminMembersApi,
} from '@kezhan/contract/admin/members';
import type { adminMemberImportsApi } from '@kezhan/contract/admin/member-imports';
import { api, apiUpload } from '@/shared/http';
import { fetchPage } from '@/shared/use-paged-list';

export type MemberPage = DataOf<typeof adminMembersApi.list>;
export type MemberDetail = DataOf<typeof adminMembersApi.detail>;

export const listMembers = (query: AdminMemberListQuery) =>
  fetchPage<MemberPage>('/api/admin/members', query);
export const getMember = (id: number) => api<MemberDetail>('GET', `/api/admin/members/${id}`);
export const setLock = (id: number, isLock: 0 | 1) =>
  api<[]>('PUT', `/api/admin/members/${id}/lock`, { body: { is_lock: isLock } });
export const grantGoods = (id: number, body: AdminMemberGoodsBody) =>
  api<[]>('POST', `/api/admin/members/${id}/grants`, { body });
export const revokeGoods = (id: number, body: AdminMemberGoodsBody) =>
  api<[]>('POST', `/api/admin/members/${id}/revocations`, { body });
export const changeMobile = (id: number, mobile: string, reason: string) =>
  api<[]>('PUT', `/api/admin/members/${id}/mobile`, { body: { mobile, reason } });
export const resetPassword = (id: number, password: string, reason: string) =>
  api<[]>('PUT', `/api/admin/members/${id}/password`, { body: { password, reason } });
export const sendMessage = (id: number, message: string) =>
  api<[]>('POST', `/api/admin/members/${id}/messages`, { body: { message } });
export const listVipPlans = () =>
  api<DataOf<typeof adminMembersApi.vipPlans>>('GET', '/api/admin/members/vip-plans');

export type MemberTag = DataOf<typeof adminMemberAccountsApi.tags>[number];
export type CreditPage = DataOf<typeof adminMemberAccountsApi.credits>;

export const createMember = (body: AdminMemberCreateBody) =>
  api<{ id: number }>('POST', '/api/admin/members', { body });
export const deleteMember = (id: number, reason: string) =>
  api<[]>('POST', `/api/admin/members/${id}/deletion`, { body: { reason } });
export const addRemark = (id: number, content: string) =>
  api<{ id: number }>('POST', `/api/admin/members/${id}/remarks`, { body: { content } });
export const removeRemark = (id: number, remarkId: number) =>
  api<[]>('DELETE', `/api/admin/members/${id}/remarks/${remarkId}`);
export const setMemberTags = (id: number, tagIds: number[]) =>
  api<[]>('PUT', `/api/admin/members/${id}/tags`, { body: { tag_ids: tagIds } });
export const listTags = () => api<MemberTag[]>('GET', '/api/admin/member-tags');
export const createTag = (name: string) =>
  api<MemberTag>('POST', '/api/admin/member-tags', { body: { name } });
export const deleteTag = (id: number) => api<[]>('DELETE', `/api/admin/member-tags/${id}`);
export const listCredits = (id: number, page: number) =>
  api<CreditPage>('GET', `/api/admin/members/${id}/credits`, { query: { page, page_size: 20 } });
export const adjustCredits = (id: number, body: AdminMemberCreditBody) =>
  api<{ credit1: number }>('POST', `/api/admin/members/${id}/credits`, { body });

/** The export is a plain download: the browser sends the session cookie and saves the stream. */
export function exportUrl(query: AdminMemberListQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || key === 'page_size') continue;
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return `/api/admin/members/export${text ? `?${text}` : ''}`;
}

export type MemberImport = DataOf<typeof adminMemberImportsApi.detail>;

export const IMPORT_TEMPLATE_URL = '/api/admin/member-imports/template';
export const uploadImport = (file: File, onProgress: (fraction: number) => void) => {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<MemberImport>('/api/admin/member-imports', form, onProgress);
};
export const getImport = (id: number) => api<MemberImport>('GET', `/api/admin/member-imports/${id}`);
export const commitImport = (id: number) =>
  api<MemberImport>('POST', `/api/admin/member-imports/${id}/commit`);
