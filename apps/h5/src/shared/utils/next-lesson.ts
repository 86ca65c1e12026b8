import type { CourseChapter, CourseVideo, PhpMap, VideoWatchProgress } from '@kezhan/contract/courses';

/** Reads a PHP-style map (object, array or `[]`) by id. */
function at<T>(map: PhpMap<T> | null | undefined, id: number): T | undefined {
  return map ? (map as Record<string, T>)[String(id)] : undefined;
}

/** Lessons in the catalogue's order: chapter by chapter, then those without a chapter. */
export function lessonOrder(
  chapters: CourseChapter[] | null | undefined,
  videos: PhpMap<CourseVideo[]>,
): CourseVideo[] {
  const list = (id: number) => {
    const found = at(videos, id);
    return Array.isArray(found) ? found : [];
  };
  return [...(Array.isArray(chapters) ? chapters : []).flatMap((c) => list(c.id)), ...list(0)];
}

export interface CourseProgressView {
  /** The member has watched some of the course. */
  started: boolean;
  /**
   * Where to go on: the lesson seen last when it is unfinished, else the next unfinished one after
   * it (then from the start); null when every lesson is finished.
   */
  next: CourseVideo | null;
}

/** A member's place in a course from its lessons and the per-lesson progress. */
export function courseProgressView(
  order: CourseVideo[],
  progress: PhpMap<VideoWatchProgress> | null | undefined,
  lastSeenId?: number,
): CourseProgressView {
  const records = order.map((v) => at(progress, v.id)).filter((r) => r !== undefined);
  const latest = records.reduce<VideoWatchProgress | undefined>(
    (a, r) => (!a || r.updated_at > a.updated_at ? r : a),
    undefined,
  );
  const lastId = lastSeenId ?? latest?.video_id;
  const start = Math.max(
    0,
    order.findIndex((v) => v.id === lastId),
  );
  let next: CourseVideo | null = null;
  for (let i = 0; i < order.length && !next; i += 1) {
    const lesson = order[(start + i) % order.length];
    if (!at(progress, lesson.id)?.watched_at) next = lesson;
  }
  return { started: records.length > 0, next };
}
