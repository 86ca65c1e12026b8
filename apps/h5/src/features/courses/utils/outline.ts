import type { CourseChapter, CourseVideo, PhpMap, VideoWatchProgress } from '@kezhan/contract/courses';

export interface OutlineGroup {
  /** null = the videos without a chapter (or the whole list when the course has no chapters). */
  chapter: CourseChapter | null;
  videos: CourseVideo[];
}

/** Reads a PHP-style map (object, array or `[]`) by id. */
export function mapGet<T>(map: PhpMap<T> | null | undefined, id: number): T | undefined {
  if (!map) return undefined;
  return (map as Record<string, T>)[String(id)];
}

function listAt(videos: PhpMap<CourseVideo[]>, id: number): CourseVideo[] {
  const list = mapGet(videos, id);
  return Array.isArray(list) ? list : [];
}

/**
 * The catalogue in display order: every chapter with its videos (possibly none), then the
 * chapter-less videos. Playback order ("next lesson") follows this, not the map's key order.
 */
export function outlineGroups(
  chapters: CourseChapter[] | null | undefined,
  videos: PhpMap<CourseVideo[]>,
): OutlineGroup[] {
  const list = Array.isArray(chapters) ? chapters : [];
  const loose = listAt(videos, 0);
  if (list.length === 0) return loose.length ? [{ chapter: null, videos: loose }] : [];
  const groups: OutlineGroup[] = list.map((chapter) => ({ chapter, videos: listAt(videos, chapter.id) }));
  if (loose.length) groups.push({ chapter: null, videos: loose });
  return groups;
}

export function playOrder(groups: OutlineGroup[]): CourseVideo[] {
  return groups.flatMap((g) => g.videos);
}

export function firstVideo(groups: OutlineGroup[]): CourseVideo | null {
  return playOrder(groups)[0] ?? null;
}

export function nextVideo(groups: OutlineGroup[], currentId: number): CourseVideo | null {
  const order = playOrder(groups);
  const index = order.findIndex((v) => v.id === currentId);
  return index >= 0 ? (order[index + 1] ?? null) : null;
}

/** Whole percent of a video seen so far (0 when unknown). */
export function watchedPercent(
  progress: PhpMap<VideoWatchProgress> | null | undefined,
  video: Pick<CourseVideo, 'id' | 'duration'>,
): number {
  const record = mapGet(progress, video.id);
  if (!record || !video.duration) return 0;
  if (record.watched_at) return 100;
  return Math.min(100, Math.floor((record.watch_seconds / video.duration) * 100));
}

/** `mm:ss` under an hour, `hh:mm:ss` from one hour. */
export function durationText(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds || 0));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}
