import { z } from 'zod';
import type { LaravelPage, ListWithTotal } from './envelope';
import { requiredText } from './validation';

/**
 * Courses and learning: api-contract §7 (courses, videos), §8 (study lists), §11 (search) and
 * §14 (home blocks). Times: "raw-dt" = `YYYY-MM-DD HH:mm:ss` (UTC+8), "ISO" =
 * `YYYY-MM-DDTHH:mm:ss.000000Z`. Flags are integers 0/1 unless typed `boolean`.
 * Maps keyed by id follow PHP array rules (api-contract §1.6): a JSON object with string keys,
 * a JSON array when the keys happen to be 0..n-1, and `[]` when empty — index them with `x[id]`.
 */
export type PhpMap<T> = Record<string, T> | T[];

/** An integer query value sent as text (`?page=2`); blank or missing → the default. */
const queryInt = (fallback: number, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? undefined : String(value).trim()),
    z
      .string({ error: '参数错误' })
      .regex(/^\d{1,9}$/, '参数错误')
      .transform(Number)
      .refine((n) => n <= max, '参数错误')
      .optional()
      .transform((n) => n ?? fallback),
  );

/** Page sizes above the cap are served at the cap rather than refused. */
const pageSize = (fallback: number, cap = 100) =>
  queryInt(fallback, 1_000_000_000).transform((n) => Math.min(Math.max(n, 1), cap));

const pageNumber = () => queryInt(1, 1_000_000).transform((n) => Math.max(n, 1));

// ---------------------------------------------------------------- §7.1 categories

/** `GET /api/v2/course_categories`: top-level categories by `sort`, children inside. */
export interface CourseCategory {
  id: number;
  name: string;
  parent_id: 0;
  sort: number;
  children: CourseCategoryChild[];
}
export interface CourseCategoryChild {
  id: number;
  sort: number;
  name: string;
  parent_id: number;
}

// ---------------------------------------------------------------- §7.2 course list

export const COURSE_SCENES = ['', 'free', 'sub', 'recom'] as const;

/** `GET /api/v2/courses` query. Unknown scenes are served like `''` (newest first). */
export const courseListQuery = z.object({
  page: pageNumber(),
  page_size: pageSize(16),
  category_id: queryInt(0, 1_000_000_000),
  scene: z.preprocess((value) => (typeof value === 'string' ? value.trim() : ''), z.string()),
});
export type CourseListQuery = z.input<typeof courseListQuery>;

/** The course fields every course answer shares. */
export interface CourseBase {
  id: number;
  title: string;
  slug: string;
  /** Cover image URL (site paths are made absolute with the API address). */
  thumb: string;
  /** Price in whole yuan. */
  charge: number;
  short_description: string;
  seo_keywords: string;
  seo_description: string;
  /** raw-dt */
  published_at: string | null;
  is_rec: number;
  is_show: number;
  user_count: number;
  category_id: number;
  is_free: number;
  /** 1 = an active VIP studies it without buying (MeEdu HEAD field). */
  is_vip_free: number;
}

export interface CourseListItem extends CourseBase {
  /** Visible, published videos. */
  videos_count: number;
  category: { id: number; name: string } | [];
}

export type CourseListPage = LaravelPage<CourseListItem>;

// ---------------------------------------------------------------- §7.3 course detail

export interface CourseDetailCourse extends CourseBase {
  /** Sanitised HTML of the description. */
  render_desc: string;
}

export interface CourseChapter {
  id: number;
  course_id: number;
  title: string;
}

export interface CourseVideo {
  id: number;
  course_id: number;
  title: string;
  slug: string;
  view_num: number;
  seo_keywords: string;
  seo_description: string;
  /** raw-dt */
  published_at: string | null;
  charge: number;
  /** 0 = the video has no chapter. */
  chapter_id: number;
  /** Seconds. */
  duration: number;
  is_ban_sell: number;
  /** 1 = any logged-in member may watch it in full. */
  is_free: number;
  /** Trial seconds for members who may not watch the whole video (0 = no trial). */
  free_seconds: number;
  /** 1 = seeking is disabled and progress may not jump ahead. */
  ban_drag: number;
}

export interface VideoWatchProgress {
  id: number;
  user_id: number;
  course_id: number;
  video_id: number;
  watch_seconds: number;
  /** raw-dt; set once the member reached the end. */
  watched_at: string | null;
  /** ISO */
  created_at: string;
  /** ISO */
  updated_at: string;
  deleted_at: null;
}

export interface CourseAttachment {
  id: number;
  name: string;
  /** Bytes. */
  size: number;
  extension: string;
}

/** `GET /api/v2/course/{id}` (token optional). */
export interface CourseDetail {
  course: CourseDetailCourse;
  chapters: CourseChapter[];
  /** chapter id → its videos by `published_at` (key `0` = videos without chapter). */
  videos: PhpMap<CourseVideo[]>;
  /** May study the whole course: free course, bought, or active VIP on a VIP-free course. */
  isBuy: boolean;
  isCollect: boolean;
  /** video id → the member's progress; `[]` for guests. */
  videoWatchedProgress: PhpMap<VideoWatchProgress>;
  attach: CourseAttachment[];
  /** Ids of individually bought videos (always empty: videos are not sold one by one). */
  buyVideos: number[];
}

// ---------------------------------------------------------------- §7.4 / §7.10 comments

/** `POST /api/v2/course/{id}/comment` and `POST /api/v2/video/{id}/comment` body. */
export const commentBody = z.object({
  content: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: '请输入评论' })
      .min(1, { error: '请输入评论', abort: true })
      .refine((text) => [...text].length >= 6, '评论内容不能少于6个字')
      .refine((text) => [...text].length <= 1000, '评论内容不能超过1000个字'),
  ),
});
export type CommentBody = z.input<typeof commentBody>;

export interface CommentItem {
  id: number;
  user_id: number;
  /** The comment as HTML-escaped plain text: safe to render as HTML or to decode and show as text. */
  render_content: string;
  /** ISO */
  created_at: string;
  /** Always empty: a commenter's address is never published. */
  ip: string;
  /** Where the comment was posted from: the province (`广东省`), the country abroad, or empty. */
  ip_province: string;
}

export interface CommentUser {
  id: number;
  avatar: string;
  nick_name: string;
}

/** `GET /api/v2/course/{id}/comments`, `GET /api/v2/video/{id}/comments`: newest 200. */
export interface CommentList {
  comments: CommentItem[];
  /** user id → author; an author may be missing (deleted member). */
  users: PhpMap<CommentUser>;
}

/** `GET /api/v2/course/{id}/like`: 1 = now liked, 0 = now unliked. */
export type CourseLikeResult = 0 | 1;

// ---------------------------------------------------------------- §7.7 – §7.9 videos

/** `GET /api/v2/video/{id}` (token optional). */
export interface VideoDetail {
  video: CourseVideo;
  videos: PhpMap<CourseVideo[]>;
  chapters: CourseChapter[];
  course: CourseDetailCourse;
  /** May watch this video in full. */
  is_watch: boolean;
  video_watched_progress: PhpMap<VideoWatchProgress>;
  buy_videos: number[];
}

/** `GET /api/v2/video/{id}/playinfo?is_try=` — `is_try` present = trial requested. */
export interface PlayUrl {
  url: string;
  /** File extension: `m3u8`, `mp4`, … */
  format: string;
  /** Seconds of media behind this URL (the trial length for a trial rendition). */
  duration: number;
  /** Rendition label shown by the quality switcher. */
  name: string;
}

export interface PlayInfo {
  /** Empty when there is nothing playable (the h5 shows `暂无播放地址`). */
  urls: PlayUrl[];
  /**
   * 0 = full access. Otherwise the member is on trial: every URL is a trial rendition (never the
   * full video) and the player should also stop at this many seconds.
   */
  trial_seconds: number;
}

/** `POST /api/v2/video/{id}/record` body: the current position in whole seconds. */
export const videoRecordBody = z.object({
  duration: z.preprocess(
    (value) => (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value),
    z
      .number({ error: '参数错误' })
      .finite('参数错误')
      .gte(1, '参数错误')
      .lte(1_000_000, '参数错误')
      .transform(Math.floor),
  ),
});
export type VideoRecordBody = z.input<typeof videoRecordBody>;

// ---------------------------------------------------------------- §8 study lists

/** `GET /api/v3/member/courses`, `/like`, `/learned` query (`type=vod` is ignored). */
export const studyListQuery = z.object({
  page: pageNumber(),
  size: pageSize(10),
});
export type StudyListQuery = z.input<typeof studyListQuery>;

export interface StudyCourse {
  id: number;
  title: string;
  thumb: string;
  charge: number;
  /** Every video of the course, hidden and unpublished ones included (MeEdu). */
  videos_count: number;
}

export interface LastViewVideo {
  id: number;
  user_id: number;
  course_id: number;
  video_id: number;
  watch_seconds: number;
  /** raw-dt */
  watched_at: string | null;
  /** raw-dt */
  created_at: string;
  /** raw-dt */
  updated_at: string;
  video: { id: number; title: string; duration: number; published_at: string | null };
}

export interface CourseWatchRecord {
  id: number;
  course_id: number;
  user_id: number;
  is_watched: number;
  /** raw-dt */
  watched_at: string | null;
  /** 0–100 */
  progress: number;
  /** ISO */
  created_at: string;
  /** ISO */
  updated_at: string;
}

interface StudyRowCommon {
  course_id: number;
  user_id: number;
  /** Fully watched videos of the course. */
  learned_count: number;
  last_view_video: LastViewVideo | [];
  course: StudyCourse | [];
}

/** `GET /api/v3/member/courses` (订阅/购买): bought courses, newest purchase first. */
export interface BoughtCourseRow extends StudyRowCommon {
  charge: number;
  /** raw-dt */
  created_at: string;
  watch_record: CourseWatchRecord | [];
}

/** `GET /api/v3/member/courses/like` (收藏): liked courses, newest first. */
export interface LikedCourseRow extends StudyRowCommon {
  /** ISO */
  created_at: string;
  watch_record: CourseWatchRecord | [];
}

/** `GET /api/v3/member/courses/learned` (在学): courses studied, most recent first. */
export interface LearnedCourseRow extends StudyRowCommon {
  id: number;
  is_watched: number;
  /** raw-dt */
  watched_at: string | null;
  progress: number;
  /** ISO */
  created_at: string;
  /** ISO */
  updated_at: string;
  /** 1 = bought. */
  is_subscribe: number;
}

export type BoughtCourseList = ListWithTotal<BoughtCourseRow>;
export type LikedCourseList = ListWithTotal<LikedCourseRow>;
export type LearnedCourseList = ListWithTotal<LearnedCourseRow>;

// ---------------------------------------------------------------- §11 search

export const SEARCH_TYPES = ['vod', 'video'] as const;

/** `GET /api/v3/search` query; `type` falsy (`''`, `0`) = every type. */
export const searchQuery = z.object({
  keywords: requiredText('请输入关键字', 100),
  type: z.preprocess(
    (value) => (value === undefined || value === null || value === '0' || value === 0 ? '' : value),
    z.string({ error: '参数错误' }).trim(),
  ),
  page: pageNumber(),
  size: pageSize(10, 50),
});
export type SearchQuery = z.input<typeof searchQuery>;

/**
 * One hit. Every text field is plain text with no markup (tags stripped, no `<` or `>`), so it is
 * safe however it is rendered; highlight the keywords on the client.
 */
export interface SearchItem {
  /** Equals `resource_id` (there is no separate search-record table). */
  id: number;
  resource_type: 'vod' | 'video';
  resource_id: number;
  title: string;
  thumb: string;
  short_desc: string;
  charge: number;
  desc: string | null;
  /** ISO */
  created_at: string;
  /** ISO */
  updated_at: string;
  /** Snippet: `short_desc` when it holds a keyword, else ~100 characters of `desc` around it, else `''`. */
  p: string;
}

export type SearchResult = ListWithTotal<SearchItem>;

// ---------------------------------------------------------------- §14 home blocks

/** `GET /api/v2/viewBlock/page/blocks` query (`GET /api/v2/decorationPage/blocks` needs only `page_name`). */
export const viewBlocksQuery = z.object({
  platform: requiredText('参数错误', 32),
  page_name: requiredText('参数错误', 64),
});
export type ViewBlocksQuery = z.input<typeof viewBlocksQuery>;

export interface SliderItem {
  src: string;
  href: string;
}
export interface GridNavConfig {
  line_count: 4 | 5;
  items: { src: string; name: string; href: string }[];
}
export interface BlankConfig {
  height: number;
  bgcolor: string;
}
export interface ImageGroupConfig {
  v: 'v-1' | 'v-2' | 'v-3' | 'v-4' | 'v-1-2';
  items: { src: string; url: string }[];
}
export interface GzhConfig {
  title: string;
  name: string;
  logo: string;
  desc: string;
  qrcode: string;
}
export interface VodBlockCourse {
  id: number;
  title: string;
  thumb: string;
  charge: number;
  user_count: number;
  short_description: string;
  /** raw-dt */
  published_at: string | null;
  category_id: number;
  is_rec: number;
  is_free: number;
  is_vip_free: number;
  /** ISO */
  created_at: string;
  category: { id: number; name: string } | [];
}
export interface VodBlockConfig {
  title: string;
  /** Courses on sale, in the order the block lists them. */
  items: VodBlockCourse[];
}

interface BlockBase {
  id: number;
  platform: string;
  page: string;
  sort: number;
  /** The stored JSON text. */
  config: string;
}

/** One home-page block; the h5 renders these six signs and skips any other quietly. */
export type ViewBlock =
  | (BlockBase & { sign: 'slider'; config_render: SliderItem[] })
  | (BlockBase & { sign: 'grid-nav'; config_render: GridNavConfig })
  | (BlockBase & { sign: 'blank'; config_render: BlankConfig })
  | (BlockBase & { sign: 'image-group'; config_render: ImageGroupConfig })
  | (BlockBase & { sign: 'h5-gzh-v1'; config_render: GzhConfig })
  | (BlockBase & { sign: 'h5-vod-v1'; config_render: VodBlockConfig })
  | (BlockBase & { sign: string; config_render: unknown });

export type ViewBlockList = ViewBlock[];

/** `GET /api/v3/course/{courseId}/attach/{id}` — the download address carries a single-use ticket. */
export interface AttachmentDownloadAddress {
  download_url: string;
}
