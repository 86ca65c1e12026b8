import { H5_COURSE_PAGE_SIZE } from '@kezhan/contract/browser';
import type { CourseListItem } from '@kezhan/contract/courses';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { usePagedList } from '@/shared/hooks/use-paged-list';
import { useFirstScreenReady } from '@/shared/layout/screen-handover';
import { getCourses } from '../api/get-courses';
import { useCourseCategories } from '../api/queries';
import { CourseListScreen } from '../components/course-list-screen';
import './courses.css';

export const COURSE_PAGE_SIZE = H5_COURSE_PAGE_SIZE;

export default function CourseListPage() {
  useDocumentTitle('录播课程');
  const [params, setParams] = useSearchParams();
  const categoryId = Number(params.get('category_id')) || 0;
  const scene = params.get('scene') === 'free' ? 'free' : '';
  const categories = useCourseCategories();

  const fetchPage = useCallback(
    async (page: number, signal?: AbortSignal) =>
      (await getCourses({ page, page_size: COURSE_PAGE_SIZE, category_id: categoryId, scene }, { signal }))
        .data.data,
    [categoryId, scene],
  );
  const list = usePagedList<CourseListItem>(fetchPage, COURSE_PAGE_SIZE, `courses|${categoryId}|${scene}`);
  useFirstScreenReady(list.status !== 'loading');

  const setFilter = (next: { category_id?: number; scene?: string }) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, String(value));
      else merged.delete(key);
    }
    setParams(merged, { replace: true });
  };

  return (
    <CourseListScreen
      categories={categories}
      categoryId={categoryId}
      scene={scene}
      list={list}
      onFilter={setFilter}
    />
  );
}
