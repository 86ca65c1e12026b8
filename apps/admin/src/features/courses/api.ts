import type { DataOf } from '@kezhan/contract/endpoint';
import type { adminCoursesApi, AdminCourseBody, AdminCourseListQuery } from '@kezhan/contract/admin/courses';
import type { AdminCourseAttachment } from '@kezhan/contract/admin/attachments';
import { api, apiUpload } from '@/shared/http';
import { fetchPage } from '@/shared/use-paged-list';

export type CoursePage = DataOf<typeof adminCoursesApi.list>;
export type CourseDetail = DataOf<typeof adminCoursesApi.detail>;
export type CourseCover = DataOf<typeof adminCoursesApi.cover>;
export type CourseAttachment = AdminCourseAttachment;

export const listCourses = (query: AdminCourseListQuery) =>
  fetchPage<CoursePage>('/api/admin/courses', query);
export const getCourse = (id: number) => api<CourseDetail>('GET', `/api/admin/courses/${id}`);
export const createCourse = (body: AdminCourseBody) =>
  api<{ id: number }>('POST', '/api/admin/courses', { body });
export const updateCourse = (id: number, body: AdminCourseBody) =>
  api<[]>('PUT', `/api/admin/courses/${id}`, { body });
export const setShelf = (id: number, isShow: 0 | 1) =>
  api<[]>('PUT', `/api/admin/courses/${id}/shelf`, { body: { is_show: isShow } });
export const deleteCourse = (id: number) => api<[]>('DELETE', `/api/admin/courses/${id}`);
export const uploadCourseCover = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api<CourseCover>('POST', '/api/admin/courses/cover', { form });
};

export const listAttachments = (courseId: number) =>
  api<CourseAttachment[]>('GET', `/api/admin/courses/${courseId}/attachments`);
export const deleteAttachment = (courseId: number, attachmentId: number) =>
  api<[]>('DELETE', `/api/admin/courses/${courseId}/attachments/${attachmentId}`);
/** Sends one file (multipart `file`) with upload progress; the server names it and answers its row. */
export const uploadAttachment = (courseId: number, file: File, onProgress: (fraction: number) => void) => {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<CourseAttachment>(`/api/admin/courses/${courseId}/attachments`, form, onProgress);
};
