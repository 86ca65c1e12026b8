import type {
  AdminLink,
  AdminLinkBody,
  AdminNav,
  AdminNavBody,
  AdminSlider,
  AdminSliderBody,
} from '@kezhan/contract/admin/site-navigation';
import { api } from '@/shared/http';

export type Platform = 'PC' | 'H5';

export const listNavs = (platform: Platform) =>
  api<AdminNav[]>('GET', '/api/admin/navs', { query: { platform } });
export const saveNav = (id: number | null, body: AdminNavBody) =>
  id === null ? api('POST', '/api/admin/navs', { body }) : api('PUT', `/api/admin/navs/${id}`, { body });
export const deleteNav = (id: number) => api<[]>('DELETE', `/api/admin/navs/${id}`);
export const orderNavs = (platform: Platform, parentId: number, ids: number[]) =>
  api<[]>('PUT', '/api/admin/nav-order', { body: { platform, parent_id: parentId, ids } });

export const listLinks = () => api<AdminLink[]>('GET', '/api/admin/links');
export const saveLink = (id: number | null, body: AdminLinkBody) =>
  id === null ? api('POST', '/api/admin/links', { body }) : api('PUT', `/api/admin/links/${id}`, { body });
export const deleteLink = (id: number) => api<[]>('DELETE', `/api/admin/links/${id}`);
export const orderLinks = (ids: number[]) => api<[]>('PUT', '/api/admin/link-order', { body: { ids } });

export const listSliders = (platform: Platform) =>
  api<AdminSlider[]>('GET', '/api/admin/sliders', { query: { platform } });
export const saveSlider = (id: number | null, body: AdminSliderBody) =>
  id === null
    ? api('POST', '/api/admin/sliders', { body })
    : api('PUT', `/api/admin/sliders/${id}`, { body });
export const deleteSlider = (id: number) => api<[]>('DELETE', `/api/admin/sliders/${id}`);
export const orderSliders = (platform: Platform, ids: number[]) =>
  api<[]>('PUT', '/api/admin/slider-order', { body: { platform, ids } });
export const uploadSliderImage = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api<{ url: string; width: number; height: number }>('POST', '/api/admin/sliders/image', { form });
};
