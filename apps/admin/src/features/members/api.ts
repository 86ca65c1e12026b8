import type { DataOf } from '@kezhan/contract/endpoint';
import type {
  AdminMemberGoodsBody,
  AdminMemberListQuery,
  adminMembersApi,
} from '@kezhan/contract/admin/members';
import { api } from '@/shared/http';
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
export const changeMobile = (id: number, mobile: string) =>
  api<[]>('PUT', `/api/admin/members/${id}/mobile`, { body: { mobile } });
export const sendMessage = (id: number, message: string) =>
  api<[]>('POST', `/api/admin/members/${id}/messages`, { body: { message } });
export const listVipPlans = () =>
  api<DataOf<typeof adminMembersApi.vipPlans>>('GET', '/api/admin/members/vip-plans');
