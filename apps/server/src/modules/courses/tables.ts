import type { ColumnType, Generated } from 'kysely';

/** Table types of migration 0010 (catalogue, learning, home blocks). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Flag = ColumnType<number, number | undefined, number>;
type Counter = ColumnType<number, number | undefined, number>;
type Text = ColumnType<string, string | undefined, string>;

export interface CourseCategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  parent_id: Counter;
  sort: Counter;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CoursesTable {
  id: Generated<number>;
  title: string;
  slug: string;
  thumb: Text;
  /** Fen (migration 0220); the API sends yuan. */
  charge: Counter;
  short_description: Text;
  render_desc: Text;
  seo_keywords: Text;
  seo_description: Text;
  category_id: Counter;
  is_free: Flag;
  is_show: Flag;
  is_rec: Flag;
  is_vip_free: Flag;
  is_allow_comment: Flag;
  user_count: Counter;
  published_at: Date | null;
  deleted_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  search_text: ColumnType<string, never, never>;
}

export interface CourseChaptersTable {
  id: Generated<number>;
  course_id: number;
  title: string;
  sort: Counter;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VideosTable {
  id: Generated<number>;
  course_id: number;
  chapter_id: number | null;
  title: string;
  slug: string;
  url: Text;
  trial_url: Text;
  duration: Counter;
  /** Fen (migration 0220); the API sends yuan. */
  charge: Counter;
  is_free: Flag;
  free_seconds: Counter;
  ban_drag: Flag;
  is_ban_sell: Flag;
  is_show: Flag;
  is_allow_comment: Flag;
  view_num: Counter;
  seo_keywords: Text;
  seo_description: Text;
  published_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CourseAttachmentsTable {
  id: Generated<number>;
  course_id: number;
  name: string;
  path: string;
  size: Counter;
  extension: Text;
  download_times: Counter;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CommentsTable {
  id: Generated<number>;
  rt: number;
  rid: number;
  user_id: number;
  content: string;
  ip: Text;
  ip_province: Text;
  /** The top-level comment of a reply, 0 for a top-level comment. */
  parent_id: Counter;
  /** The reply a reply answers, 0 when it answers the top-level comment. */
  reply_id: Counter;
  status: ColumnType<CommentStatus, CommentStatus | undefined, CommentStatus>;
  check_reason: Text;
  created_at: Timestamp;
}

export type CommentStatus = 'pending' | 'approved' | 'rejected';

export interface CourseLikesTable {
  user_id: number;
  course_id: number;
  created_at: Timestamp;
}

export interface VideoWatchRecordsTable {
  id: Generated<number>;
  user_id: number;
  course_id: number;
  video_id: number;
  watch_seconds: Counter;
  watched_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CourseLearnRecordsTable {
  id: Generated<number>;
  user_id: number;
  course_id: number;
  is_watched: Flag;
  watched_at: Date | null;
  progress: Counter;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ViewBlocksTable {
  id: Generated<number>;
  platform: string;
  page: string;
  sign: string;
  sort: Counter;
  config: Text;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Migration 0190: lessons bought one at a time (MeEdu before v4.7). */
export interface UserVideosTable {
  user_id: number;
  video_id: number;
  /** Fen paid (migration 0220). */
  charge: Counter;
  created_at: Timestamp;
}

declare module '../../shared/db/schema' {
  interface Database {
    course_categories: CourseCategoriesTable;
    courses: CoursesTable;
    course_chapters: CourseChaptersTable;
    videos: VideosTable;
    course_attachments: CourseAttachmentsTable;
    comments: CommentsTable;
    course_likes: CourseLikesTable;
    video_watch_records: VideoWatchRecordsTable;
    course_learn_records: CourseLearnRecordsTable;
    view_blocks: ViewBlocksTable;
    user_videos: UserVideosTable;
  }
}
