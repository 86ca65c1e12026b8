import type { DataOf } from '@kezhan/contract/endpoint';
import type { adminCoursesApi } from '@kezhan/contract/admin/courses';
import { api } from './http';
import { useLoad, type Loaded } from './use-load';

type Categories = DataOf<typeof adminCoursesApi.categories>;

/** The course categories, all of them (for the categories page and the course pages' choices). */
export const useCategories = () =>
  useLoad(() => api<Categories>('GET', '/api/admin/categories'), 'categories');

/** The loaded categories as the options of a Select. */
export const categoryOptions = (categories: Loaded<Categories>) =>
  (categories.data ?? []).map((category) => ({ value: category.id, label: category.name }));
