import type { AdminRole, AdminRoleBody } from '@kezhan/contract/admin/roles';
import { api } from '@/shared/http';

export const listRoles = () => api<AdminRole[]>('GET', '/api/admin/roles');
export const createRole = (body: AdminRoleBody) => api<{ key: string }>('POST', '/api/admin/roles', { body });
export const updateRole = (key: string, body: AdminRoleBody) =>
  api<[]>('PUT', `/api/admin/roles/${encodeURIComponent(key)}`, { body });
export const deleteRole = (key: string) => api<[]>('DELETE', `/api/admin/roles/${encodeURIComponent(key)}`);
