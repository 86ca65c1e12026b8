import type { CommentBody } from '@kezhan/contract/courses';
import { useApiMutation, useApiQuery, type QueryKey } from '@/shared/data/query';
import { getCourse } from './get-course';
import { getCourseCategories } from './get-course-categories';
import { getCourseComments } from './get-course-comments';
import { getPlayInfo } from './get-play-info';
import { getVideo } from './get-video';
import { getVideoComments } from './get-video-comments';
import { postCourseComment } from './post-course-comment';
import { postVideoComment } from './post-video-comment';
import { toggleCourseLike } from './toggle-course-like';

/** Typed hooks over the course and video endpoints (reads are quiet: the screens show their errors). */
export const courseKeys = {
  course: (id: number): QueryKey => ['course', id],
  video: (id: number): QueryKey => ['video', id],
  playInfo: (id: number, trial: boolean): QueryKey => ['play-info', id, trial],
  courseComments: (id: number): QueryKey => ['course-comments', id],
  videoComments: (id: number): QueryKey => ['video-comments', id],
};

/** A course's detail; `refreshDeps` fetch it again in place (e.g. after logging in). */
export function useCourse(id: number, options: { enabled?: boolean; refreshDeps?: readonly unknown[] } = {}) {
  return useApiQuery(
    courseKeys.course(id),
    async (signal) => (await getCourse(id, { quiet: true, on404: 'reject', signal })).data,
    { enabled: id > 0 && options.enabled !== false, refreshDeps: options.refreshDeps },
  );
}

export function useVideo(id: number) {
  return useApiQuery(
    courseKeys.video(id),
    async (signal) => (await getVideo(id, { quiet: true, on404: 'reject', signal })).data,
    { enabled: id > 0 },
  );
}

/** Play addresses; `trial` asks for the trial cut. */
export function usePlayInfo(id: number, trial: boolean, enabled: boolean) {
  return useApiQuery(
    courseKeys.playInfo(id, trial),
    async (signal) => (await getPlayInfo(id, trial, { quiet: true, on404: 'reject', signal })).data,
    { enabled: id > 0 && enabled },
  );
}

export function useCourseComments(id: number) {
  return useApiQuery(
    courseKeys.courseComments(id),
    async (signal) => (await getCourseComments(id, { quiet: true, signal })).data,
  );
}

export function useVideoComments(id: number) {
  return useApiQuery(
    courseKeys.videoComments(id),
    async (signal) => (await getVideoComments(id, { quiet: true, signal })).data,
  );
}

export function usePostCourseComment(id: number) {
  return useApiMutation((body: CommentBody) => postCourseComment(id, body), [courseKeys.courseComments(id)]);
}

export function usePostVideoComment(id: number) {
  return useApiMutation((body: CommentBody) => postVideoComment(id, body), [courseKeys.videoComments(id)]);
}

/** 收藏 toggle: answers whether the course is now liked. */
export function useToggleCourseLike() {
  return useApiMutation(async (id: number) => (await toggleCourseLike(id)).data === 1);
}

/** The category tree of the course filter; empty when it cannot be loaded (the filter still works). */
export function useCourseCategories() {
  const categories = useApiQuery(['course-categories'], async (signal) => {
    const { data } = await getCourseCategories({ quiet: true, signal });
    return Array.isArray(data) ? data : [];
  });
  return categories.data ?? EMPTY;
}
const EMPTY: never[] = [];
