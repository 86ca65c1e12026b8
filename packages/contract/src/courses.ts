import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { emptyData, idParam, idParams, laravelPage, listWithTotal, orEmpty, phpMap } from './shapes';
import { optionalText, requiredText } from './validation';

/**
 * Courses and learning: courses, videos, study lists, search and home blocks. Times: "raw-dt" = `YYYY-MM-DD HH:mm:ss` (UTC+8), "ISO" =
 * `YYYY-MM-DDTHH:mm:ss.000000Z`. Flags are integers 0/1 unless typed `boolean`.
 * Maps keyed by id follow PHP array rules: a JSON object with string keys,
 * a JSON array when the keys happen to be 0..n-1, and `[]` when empty — index them with `x[id]`.
 */
export type PhpMap<T> = Record<string, T> | T[];
const idName = z.strictObject({ id: z.number(), name: z.string() });

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

// ---------------------------------------------------------------- categories

/** `GET /api/v2/course_categories`: top-level categories by `sort`, children inside. */
export const courseCategoryChild = z.strictObject({
  id: z.number(),
  sort: z.number(),
  name: z.string(),
  parent_id: z.number(),
});
export type CourseCategoryChild = z.infer<typeof courseCategoryChild>;
export const courseCategory = z.strictObject({
  id: z.number(),
  name: z.string(),
  parent_id: z.literal(0),
  sort: z.number(),
  children: z.array(courseCategoryChild),
});
export type CourseCategory = z.infer<typeof courseCategory>;

// ---------------------------------------------------------------- course list

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
const courseBaseFields = {
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  /** Cover image URL (site paths are made absolute with the API address). */
  thumb: z.string(),
  /** Price in yuan, up to two decimals (19.9). */
  charge: z.number(),
  short_description: z.string(),
  seo_keywords: z.string(),
  seo_description: z.string(),
  /** raw-dt */
  published_at: z.string().nullable(),
  is_rec: z.number(),
  is_show: z.number(),
  user_count: z.number(),
  category_id: z.number(),
  is_free: z.number(),
  /** 1 = an active VIP studies it without buying (MeEdu HEAD field). */
  is_vip_free: z.number(),
  /** 1 = members who study it may comment (2026 clients; always sent by this server). */
  is_allow_comment: z.number().optional(),
};
export const courseBase = z.strictObject(courseBaseFields);
export type CourseBase = z.infer<typeof courseBase>;

export const courseListItem = z.strictObject({
  ...courseBaseFields,
  /** Visible, published videos. */
  videos_count: z.number(),
  category: orEmpty(idName),
});
export type CourseListItem = z.infer<typeof courseListItem>;

export const courseListPage = laravelPage(courseListItem);
export type CourseListPage = z.infer<typeof courseListPage>;

// ---------------------------------------------------------------- course detail

export const courseDetailCourse = z.strictObject({
  ...courseBaseFields,
  /** Sanitised HTML of the description. */
  render_desc: z.string(),
});
export type CourseDetailCourse = z.infer<typeof courseDetailCourse>;

export const courseChapter = z.strictObject({ id: z.number(), course_id: z.number(), title: z.string() });
export type CourseChapter = z.infer<typeof courseChapter>;

export const courseVideo = z.strictObject({
  id: z.number(),
  course_id: z.number(),
  title: z.string(),
  slug: z.string(),
  view_num: z.number(),
  seo_keywords: z.string(),
  seo_description: z.string(),
  /** raw-dt */
  published_at: z.string().nullable(),
  charge: z.number(),
  /** 0 = the video has no chapter. */
  chapter_id: z.number(),
  /** Seconds. */
  duration: z.number(),
  is_ban_sell: z.number(),
  /** 1 = any logged-in member may watch it in full. */
  is_free: z.number(),
  /** Trial seconds for members who may not watch the whole video (0 = no trial). */
  free_seconds: z.number(),
  /** 1 = seeking is disabled and progress may not jump ahead. */
  ban_drag: z.number(),
  /** 1 = members who may watch it may comment (2026 clients; always sent by this server). */
  is_allow_comment: z.number().optional(),
});
export type CourseVideo = z.infer<typeof courseVideo>;

export const videoWatchProgress = z.strictObject({
  id: z.number(),
  user_id: z.number(),
  course_id: z.number(),
  video_id: z.number(),
  watch_seconds: z.number(),
  /** raw-dt; set once the member reached the end. */
  watched_at: z.string().nullable(),
  /** ISO */
  created_at: z.string(),
  /** ISO */
  updated_at: z.string(),
  deleted_at: z.null(),
});
export type VideoWatchProgress = z.infer<typeof videoWatchProgress>;

export const courseAttachment = z.strictObject({
  id: z.number(),
  name: z.string(),
  /** Bytes. */
  size: z.number(),
  extension: z.string(),
});
export type CourseAttachment = z.infer<typeof courseAttachment>;

/** `GET /api/v2/course/{id}` (token optional). */
export const courseDetail = z.strictObject({
  course: courseDetailCourse,
  chapters: z.array(courseChapter),
  /** chapter id → its videos by `published_at` (key `0` = videos without chapter). */
  videos: phpMap(z.array(courseVideo)),
  /** May study the whole course: free course, bought, or active VIP on a VIP-free course. */
  isBuy: z.boolean(),
  isCollect: z.boolean(),
  /** video id → the member's progress; `[]` for guests. */
  videoWatchedProgress: phpMap(videoWatchProgress),
  attach: z.array(courseAttachment),
  /** Ids of individually bought videos (always empty: videos are not sold one by one). */
  buyVideos: z.array(z.number()),
});
export type CourseDetail = z.infer<typeof courseDetail>;

// ---------------------------------------------------------------- comments

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

export const commentItem = z.strictObject({
  id: z.number(),
  user_id: z.number(),
  /** The comment as HTML-escaped plain text: safe to render as HTML or to decode and show as text. */
  render_content: z.string(),
  /** ISO */
  created_at: z.string(),
  /** Always empty: a commenter's address is never published. */
  ip: z.string(),
  /** Where the comment was posted from: the province (`广东省`), the country abroad, or empty. */
  ip_province: z.string(),
});
export type CommentItem = z.infer<typeof commentItem>;

export const commentUser = z.strictObject({ id: z.number(), avatar: z.string(), nick_name: z.string() });
export type CommentUser = z.infer<typeof commentUser>;

/** `GET /api/v2/course/{id}/comments`, `GET /api/v2/video/{id}/comments`: newest 200. */
export const commentList = z.strictObject({
  comments: z.array(commentItem),
  /** user id → author; an author may be missing (deleted member). */
  users: phpMap(commentUser),
});
export type CommentList = z.infer<typeof commentList>;

/** `GET /api/v2/course/{id}/like`: 1 = now liked, 0 = now unliked. */
export const courseLikeResult = z.union([z.literal(0), z.literal(1)]);
export type CourseLikeResult = z.infer<typeof courseLikeResult>;

// ---------------------------------------------------------------- videos

/** `GET /api/v2/video/{id}` (token optional). */
export const videoDetail = z.strictObject({
  video: courseVideo,
  videos: phpMap(z.array(courseVideo)),
  chapters: z.array(courseChapter),
  course: courseDetailCourse,
  /** May watch this video in full. */
  is_watch: z.boolean(),
  video_watched_progress: phpMap(videoWatchProgress),
  buy_videos: z.array(z.number()),
});
export type VideoDetail = z.infer<typeof videoDetail>;

/** `GET /api/v2/video/{id}/playinfo?is_try=` — `is_try` present = trial requested. */
export const playUrl = z.strictObject({
  url: z.string(),
  /** File extension: `m3u8`, `mp4`, … */
  format: z.string(),
  /** Seconds of media behind this URL (the trial length for a trial rendition). */
  duration: z.number(),
  /** Rendition label shown by the quality switcher. */
  name: z.string(),
});
export type PlayUrl = z.infer<typeof playUrl>;

export const playInfo = z.strictObject({
  /** Empty when there is nothing playable (the h5 shows `暂无播放地址`). */
  urls: z.array(playUrl),
  /**
   * 0 = full access. Otherwise the member is on trial: every URL is a trial rendition (never the
   * full video) and the player should also stop at this many seconds.
   */
  trial_seconds: z.number(),
});
export type PlayInfo = z.infer<typeof playInfo>;

/** `?is_try` present (any value) asks for the free trial. */
export const playInfoQuery = z.object({ is_try: z.unknown().optional() });

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

// ---------------------------------------------------------------- study lists

/** `GET /api/v3/member/courses`, `/like`, `/learned` query (`type=vod` is ignored). */
export const studyListQuery = z.object({
  page: pageNumber(),
  size: pageSize(10),
});
export type StudyListQuery = z.input<typeof studyListQuery>;

export const studyCourse = z.strictObject({
  id: z.number(),
  title: z.string(),
  thumb: z.string(),
  charge: z.number(),
  /** Every video of the course, hidden and unpublished ones included (MeEdu). */
  videos_count: z.number(),
});
export type StudyCourse = z.infer<typeof studyCourse>;

export const lastViewVideo = z.strictObject({
  id: z.number(),
  user_id: z.number(),
  course_id: z.number(),
  video_id: z.number(),
  watch_seconds: z.number(),
  /** raw-dt */
  watched_at: z.string().nullable(),
  /** raw-dt */
  created_at: z.string(),
  /** raw-dt */
  updated_at: z.string(),
  video: z.strictObject({
    id: z.number(),
    title: z.string(),
    duration: z.number(),
    published_at: z.string().nullable(),
  }),
});
export type LastViewVideo = z.infer<typeof lastViewVideo>;

export const courseWatchRecord = z.strictObject({
  id: z.number(),
  course_id: z.number(),
  user_id: z.number(),
  is_watched: z.number(),
  /** raw-dt */
  watched_at: z.string().nullable(),
  /** 0–100 */
  progress: z.number(),
  /** ISO */
  created_at: z.string(),
  /** ISO */
  updated_at: z.string(),
});
export type CourseWatchRecord = z.infer<typeof courseWatchRecord>;

const studyRowFields = {
  course_id: z.number(),
  user_id: z.number(),
  /** Fully watched videos of the course. */
  learned_count: z.number(),
  last_view_video: orEmpty(lastViewVideo),
  course: orEmpty(studyCourse),
};

/** `GET /api/v3/member/courses` (订阅/购买): bought courses, newest purchase first. */
export const boughtCourseRow = z.strictObject({
  ...studyRowFields,
  charge: z.number(),
  /** raw-dt */
  created_at: z.string(),
  watch_record: orEmpty(courseWatchRecord),
});
export type BoughtCourseRow = z.infer<typeof boughtCourseRow>;

/** `GET /api/v3/member/courses/like` (收藏): liked courses, newest first. */
export const likedCourseRow = z.strictObject({
  ...studyRowFields,
  /** ISO */
  created_at: z.string(),
  watch_record: orEmpty(courseWatchRecord),
});
export type LikedCourseRow = z.infer<typeof likedCourseRow>;

/** `GET /api/v3/member/courses/learned` (在学): courses studied, most recent first. */
export const learnedCourseRow = z.strictObject({
  ...studyRowFields,
  id: z.number(),
  is_watched: z.number(),
  /** raw-dt */
  watched_at: z.string().nullable(),
  progress: z.number(),
  /** ISO */
  created_at: z.string(),
  /** ISO */
  updated_at: z.string(),
  /** 1 = bought. */
  is_subscribe: z.number(),
});
export type LearnedCourseRow = z.infer<typeof learnedCourseRow>;

export const boughtCourseList = listWithTotal(boughtCourseRow);
export type BoughtCourseList = z.infer<typeof boughtCourseList>;
export const likedCourseList = listWithTotal(likedCourseRow);
export type LikedCourseList = z.infer<typeof likedCourseList>;
export const learnedCourseList = listWithTotal(learnedCourseRow);
export type LearnedCourseList = z.infer<typeof learnedCourseList>;

// ---------------------------------------------------------------- search

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
export const searchItem = z.strictObject({
  /** Equals `resource_id` (there is no separate search-record table). */
  id: z.number(),
  resource_type: z.enum(['vod', 'video']),
  resource_id: z.number(),
  title: z.string(),
  thumb: z.string(),
  short_desc: z.string(),
  charge: z.number(),
  desc: z.string().nullable(),
  /** ISO */
  created_at: z.string(),
  /** ISO */
  updated_at: z.string(),
  /** Snippet: `short_desc` when it holds a keyword, else ~100 characters of `desc` around it, else `''`. */
  p: z.string(),
});
export type SearchItem = z.infer<typeof searchItem>;

export const searchResult = listWithTotal(searchItem);
export type SearchResult = z.infer<typeof searchResult>;

// ---------------------------------------------------------------- home blocks

/** `GET /api/v2/viewBlock/page/blocks` query (`GET /api/v2/decorationPage/blocks` needs only `page_name`). */
export const viewBlocksQuery = z.object({
  platform: requiredText('参数错误', 32),
  page_name: requiredText('参数错误', 64),
});
export type ViewBlocksQuery = z.input<typeof viewBlocksQuery>;

export const sliderItem = z.strictObject({ src: z.string(), href: z.string() });
export type SliderItem = z.infer<typeof sliderItem>;
export const gridNavConfig = z.strictObject({
  line_count: z.union([z.literal(4), z.literal(5)]),
  items: z.array(z.strictObject({ src: z.string(), name: z.string(), href: z.string() })),
});
export type GridNavConfig = z.infer<typeof gridNavConfig>;
export const blankConfig = z.strictObject({ height: z.number(), bgcolor: z.string() });
export type BlankConfig = z.infer<typeof blankConfig>;
export const imageGroupConfig = z.strictObject({
  v: z.enum(['v-1', 'v-2', 'v-3', 'v-4', 'v-1-2']),
  items: z.array(z.strictObject({ src: z.string(), url: z.string() })),
});
export type ImageGroupConfig = z.infer<typeof imageGroupConfig>;
export const gzhConfig = z.strictObject({
  title: z.string(),
  name: z.string(),
  logo: z.string(),
  desc: z.string(),
  qrcode: z.string(),
});
export type GzhConfig = z.infer<typeof gzhConfig>;
export const vodBlockCourse = z.strictObject({
  id: z.number(),
  title: z.string(),
  thumb: z.string(),
  charge: z.number(),
  user_count: z.number(),
  short_description: z.string(),
  /** raw-dt */
  published_at: z.string().nullable(),
  category_id: z.number(),
  is_rec: z.number(),
  is_free: z.number(),
  is_vip_free: z.number(),
  /** ISO */
  created_at: z.string(),
  category: orEmpty(idName),
});
export type VodBlockCourse = z.infer<typeof vodBlockCourse>;
export const vodBlockConfig = z.strictObject({
  title: z.string(),
  /** Courses on sale, in the order the block lists them. */
  items: z.array(vodBlockCourse),
});
export type VodBlockConfig = z.infer<typeof vodBlockConfig>;

const blockFields = {
  id: z.number(),
  platform: z.string(),
  page: z.string(),
  sort: z.number(),
  /** The stored JSON text. */
  config: z.string(),
  /** Only on `/api/v2/decorationPage/blocks`: the decoration page the block belongs to. */
  decoration_page_id: z.number().optional(),
};
const block = <S extends string, C extends z.ZodType>(sign: S, config: C) =>
  z.strictObject({ ...blockFields, sign: z.literal(sign), config_render: config });

/** One home-page block; the h5 renders these six signs and skips any other quietly. */
export const viewBlock = z.union([
  block('slider', z.array(sliderItem)),
  block('grid-nav', gridNavConfig),
  block('blank', blankConfig),
  block('image-group', imageGroupConfig),
  block('h5-gzh-v1', gzhConfig),
  block('h5-vod-v1', vodBlockConfig),
  z.strictObject({ ...blockFields, sign: z.string(), config_render: z.unknown() }),
]);
export type ViewBlock = z.infer<typeof viewBlock>;

export const viewBlockList = z.array(viewBlock);
export type ViewBlockList = z.infer<typeof viewBlockList>;

/**
 * `GET /api/v2/decorationPage/blocks`: the later MeEdu path. The page key alone picks the page
 * (`h5-page-index`, `pc-page-index`); a `platform` sent by older clients is ignored.
 */
export const decorationBlocksQuery = z.object({ page_name: requiredText('page_name参数不能为空', 64) });

/** `GET /api/v3/course/{courseId}/attach/{id}` — the download address carries a single-use ticket. */
export const attachmentDownloadAddress = z.strictObject({ download_url: z.string() });
export type AttachmentDownloadAddress = z.infer<typeof attachmentDownloadAddress>;

export const attachmentParams = z.object({ courseId: idParam(), id: idParam() });
/** `?ticket=` from the download address (MeEdu clients send `?token=` instead). */
export const attachmentDownloadQuery = z.object({ ticket: optionalText('参数错误', 128) });
/** `?sign=` of the download address: the single-use ticket alone names the member and the file. */
export const signedAttachmentQuery = z.object({ sign: optionalText('参数错误', 128) });

export const coursesApi = {
  categories: defineEndpoint({
    method: 'GET',
    path: '/api/v2/course_categories',
    tag: 'courses',
    summary: 'Course categories with their children',
    data: z.array(courseCategory),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/courses',
    tag: 'courses',
    summary: 'Published courses, paginated',
    query: courseListQuery,
    data: courseListPage,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/v2/course/:id',
    tag: 'courses',
    auth: 'optional',
    summary: 'Course detail with chapters, videos and attachments',
    params: idParams,
    data: courseDetail,
    note: 'with a token also `isBuy`, `isCollect` and watch progress',
  }),
  comments: defineEndpoint({
    method: 'GET',
    path: '/api/v2/course/:id/comments',
    tag: 'courses',
    summary: 'Newest 200 comments of a course',
    params: idParams,
    data: commentList,
  }),
  comment: defineEndpoint({
    method: 'POST',
    path: '/api/v2/course/:id/comment',
    tag: 'courses',
    auth: 'member',
    summary: 'Comment on a course',
    params: idParams,
    body: commentBody,
    data: emptyData,
  }),
  like: defineEndpoint({
    method: 'GET',
    path: '/api/v2/course/:id/like',
    tag: 'courses',
    auth: 'member',
    summary: "Toggle the course in the member's favourites",
    params: idParams,
    data: courseLikeResult,
    note: '1 when now liked, 0 when no longer liked',
  }),
  attachmentDownload: defineEndpoint({
    method: 'GET',
    path: '/api/v2/course/attach/:id/download',
    tag: 'courses',
    auth: 'optional',
    summary: 'Download a course attachment — browser navigation',
    description:
      'Use the `download_url` of `GET /api/v3/course/{courseId}/attach/{id}`: it carries a single-use `ticket`. `?token=` still works for MeEdu clients.',
    params: idParams,
    query: attachmentDownloadQuery,
    answers: 'application/octet-stream',
    note: 'The file (or a redirect to it); the usual envelope when not allowed',
  }),
  signedAttachmentDownload: defineEndpoint({
    method: 'GET',
    path: '/api/v3/course/attach-download',
    tag: 'courses',
    summary: 'Download a course attachment from its single-use address — browser navigation',
    description:
      'The `download_url` of `GET /api/v3/course/{courseId}/attach/{id}`. A missing, unknown, used or expired `sign` answers `参数错误`.',
    query: signedAttachmentQuery,
    answers: 'application/octet-stream',
    note: 'The file (or a redirect to it); the usual envelope when not allowed',
  }),
  attachmentAddress: defineEndpoint({
    method: 'GET',
    path: '/api/v3/course/:courseId/attach/:id',
    tag: 'courses',
    auth: 'member',
    summary: 'Download address of a course attachment, with a single-use 5-minute ticket',
    params: attachmentParams,
    data: attachmentDownloadAddress,
  }),
  video: defineEndpoint({
    method: 'GET',
    path: '/api/v2/video/:id',
    tag: 'videos',
    auth: 'optional',
    summary: 'Video detail with its course and chapters',
    params: idParams,
    data: videoDetail,
  }),
  playInfo: defineEndpoint({
    method: 'GET',
    path: '/api/v2/video/:id/playinfo',
    tag: 'videos',
    auth: 'member',
    summary: 'Play URLs of a video; `?is_try=1` asks for the free trial',
    params: idParams,
    query: playInfoQuery,
    data: playInfo,
  }),
  record: defineEndpoint({
    method: 'POST',
    path: '/api/v2/video/:id/record',
    tag: 'videos',
    auth: 'member',
    summary: 'Record the watch position in seconds',
    params: idParams,
    body: videoRecordBody,
    data: emptyData,
  }),
  videoComments: defineEndpoint({
    method: 'GET',
    path: '/api/v2/video/:id/comments',
    tag: 'videos',
    summary: 'Newest 200 comments of a video',
    params: idParams,
    data: commentList,
  }),
  videoComment: defineEndpoint({
    method: 'POST',
    path: '/api/v2/video/:id/comment',
    tag: 'videos',
    auth: 'member',
    summary: 'Comment on a video the member may watch',
    params: idParams,
    body: commentBody,
    data: emptyData,
  }),
  boughtCourses: defineEndpoint({
    method: 'GET',
    path: '/api/v3/member/courses',
    tag: 'study',
    auth: 'member',
    summary: 'Courses the member bought or was granted (订阅)',
    query: studyListQuery,
    data: boughtCourseList,
  }),
  likedCourses: defineEndpoint({
    method: 'GET',
    path: '/api/v3/member/courses/like',
    tag: 'study',
    auth: 'member',
    summary: 'Courses the member liked (收藏)',
    query: studyListQuery,
    data: likedCourseList,
  }),
  learnedCourses: defineEndpoint({
    method: 'GET',
    path: '/api/v3/member/courses/learned',
    tag: 'study',
    auth: 'member',
    summary: 'Courses the member studied, latest first (在学)',
    query: studyListQuery,
    data: learnedCourseList,
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api/v3/search',
    tag: 'home and search',
    summary: 'Search courses and videos by keywords',
    query: searchQuery,
    data: searchResult,
  }),
  viewBlocks: defineEndpoint({
    method: 'GET',
    path: '/api/v2/viewBlock/page/blocks',
    tag: 'home and search',
    summary: 'Home page decoration blocks',
    query: viewBlocksQuery,
    data: viewBlockList,
    note: 'sliders, grid navs, course lists, images, blank space, official-account card',
  }),
  decorationBlocks: defineEndpoint({
    method: 'GET',
    path: '/api/v2/decorationPage/blocks',
    tag: 'home and search',
    summary: 'Home page blocks by decoration page (`page_name` = `h5-page-index` or `pc-page-index`)',
    query: decorationBlocksQuery,
    data: viewBlockList,
  }),
};
