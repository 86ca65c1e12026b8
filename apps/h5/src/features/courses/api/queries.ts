import { useApiMutation, useApiQuery, type QueryKey } from '@/shared/data/query';
import { getCourse } from './get-course';
import { getCourseCategories } from './get-course-categories';
import { getComments, type CommentTarget } from './get-comments';
import { getPlayInfo } from './get-play-info';
import { getVideo } from './get-video';
import { postComment } from './post-comment';
import { toggleCourseLike } from './toggle-course-like';

/** Typed hooks over the course and video endpoints (reads are quiet: the screens show their errors). */
export const courseKeys = {
  course: (id: number): QueryKey => ['course', id],
  video: (id: number): QueryKey => ['video', id],
  playInfo: (id: number, trial: boolean): QueryKey => ['play-info', id, trial],
  comments: ({ rt, rid }: CommentTarget): QueryKey => ['comments', rt, rid],
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

/** The newest top-level comments of a course (`rt` 1) or a lesson (`rt` 2), with their first replies. */
export function useComments(target: CommentTarget) {
  return useApiQuery(
    courseKeys.comments(target),
    async (signal) => (await getComments(target, { quiet: true, signal })).data,
  );
}

/** Posts a comment; its list fetches again. Answers the stored comment (`is_check` 0: awaiting approval). */
export function usePostComment(target: CommentTarget) {
  return useApiMutation(
    async (content: string) => (await postComment({ ...target, content })).data,
    [courseKeys.comments(target)],
  );
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
