import type {
  CourseBase,
  CourseDetailCourse,
  CourseVideo,
  PhpMap,
  VideoWatchProgress,
} from '@kezhan/contract/courses';
import type { Selectable } from 'kysely';
import { isoTimestamp, rawDateTime } from '../../shared/time';
import type { CoursesTable, VideosTable, VideoWatchRecordsTable } from './tables';
import { fenToYuan } from '../../shared/money';

export type CourseRow = Selectable<CoursesTable>;
export type VideoRow = Selectable<VideosTable>;

/**
 * A PHP array keyed by ids: `[]` when empty, a JSON array when the keys are
 * exactly 0..n-1 in order, otherwise an object with string keys.
 */
export function phpMap<T>(entries: [number, T][]): PhpMap<T> {
  if (entries.every(([key], index) => key === index)) return entries.map(([, value]) => value);
  const map: Record<string, T> = {};
  for (const [key, value] of entries) map[String(key)] = value;
  return map;
}

/** Groups items by a numeric key, keeping first-seen key order and item order. */
export function groupBy<T>(items: T[], key: (item: T) => number): [number, T[]][] {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.entries()];
}

export function courseBase(row: CourseRow): CourseBase {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    thumb: row.thumb,
    charge: fenToYuan(row.charge),
    short_description: row.short_description,
    seo_keywords: row.seo_keywords,
    seo_description: row.seo_description,
    published_at: rawDateTime(row.published_at),
    is_rec: row.is_rec,
    is_show: row.is_show,
    user_count: row.user_count,
    category_id: row.category_id,
    is_free: row.is_free,
    is_vip_free: row.is_vip_free,
    is_allow_comment: row.is_allow_comment,
  };
}

export const courseDetailCourse = (row: CourseRow): CourseDetailCourse => ({
  ...courseBase(row),
  render_desc: row.render_desc,
});

export const courseVideo = (row: VideoRow): CourseVideo => ({
  id: row.id,
  course_id: row.course_id,
  title: row.title,
  slug: row.slug,
  view_num: row.view_num,
  seo_keywords: row.seo_keywords,
  seo_description: row.seo_description,
  published_at: rawDateTime(row.published_at),
  charge: fenToYuan(row.charge),
  chapter_id: row.chapter_id ?? 0,
  duration: row.duration,
  is_ban_sell: row.is_ban_sell,
  is_free: row.is_free,
  free_seconds: row.free_seconds,
  ban_drag: row.ban_drag,
  is_allow_comment: row.is_allow_comment,
});

export const watchProgress = (row: Selectable<VideoWatchRecordsTable>): VideoWatchProgress => ({
  id: row.id,
  user_id: row.user_id,
  course_id: row.course_id,
  video_id: row.video_id,
  watch_seconds: row.watch_seconds,
  watched_at: rawDateTime(row.watched_at),
  created_at: isoTimestamp(row.created_at)!,
  updated_at: isoTimestamp(row.updated_at)!,
  deleted_at: null,
});

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** HTML → plain text: drops scripts, styles and tags, decodes the common entities, folds spaces. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>?/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/ *\n[\n ]*/g, '\n')
    .trim();
}
