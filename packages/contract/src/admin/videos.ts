import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { emptyData, idParams } from '../shapes';
import { requiredText } from '../validation';

const integer = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
const flag = (message: string) =>
  z.preprocess((value) => (typeof value === 'boolean' ? Number(value) : value), integer(message, 0, 1));

/** Bytes of one upload request (under the 2 MB request limit of the shipped nginx site); the console sends the file in pieces of this size. */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

export const adminChapterBody = z.object({
  title: requiredText('请输入章节名称', 120),
  sort: integer('排序须为 0 到 9999 之间的整数', 0, 9999).optional(),
});
export type AdminChapterBody = z.input<typeof adminChapterBody>;

export const adminVideoBody = z
  .object({
    title: requiredText('请输入视频名称', 120),
    chapter_id: z.preprocess(
      (value) => (value === '' ? null : value),
      integer('章节错误', 1, 1e9).nullable(),
    ),
    /** Seconds a visitor without access may watch (0: none). */
    free_seconds: integer('试看秒数须为 0 到 36000 之间的整数', 0, 36_000),
    ban_drag: flag('禁止拖动须为 0 或 1'),
    is_show: flag('显示状态须为 0 或 1'),
    /** Absent: unchanged. '' plays the uploaded file; `aliyun` / `tencent` the VOD video `vod_media_id`. */
    vod_provider: z.enum(['', 'aliyun', 'tencent'], { error: '请选择视频来源' }).optional(),
    /** Aliyun VOD VideoId or Tencent Cloud VOD FileId. */
    vod_media_id: z.string({ error: '请输入云点播视频 ID' }).trim().optional(),
  })
  .refine((body) => !body.vod_provider || /^[A-Za-z0-9_-]{1,64}$/.test(body.vod_media_id ?? ''), {
    path: ['vod_media_id'],
    message: '云点播视频 ID 只能包含字母、数字、下划线和短横线，最长 64 位',
  });
export type AdminVideoBody = z.input<typeof adminVideoBody>;

export const adminVideoMedia = z.strictObject({
  /** `none` until a source is uploaded; then the transcoding state. */
  status: z.enum(['none', 'uploaded', 'transcoding', 'ready', 'failed']),
  progress: z.number(),
  /** While transcoding: seconds still needed, from the progress so far (null until it is known). */
  eta_seconds: z.number().nullable(),
  failure_reason: z.string(),
  source_name: z.string(),
  duration: z.number(),
});
export type AdminVideoMedia = z.infer<typeof adminVideoMedia>;

export const adminUploadStartBody = z.object({
  name: requiredText('请选择视频文件', 200),
  size: integer('文件大小错误', 1, Number.MAX_SAFE_INTEGER),
});
export type AdminUploadStartBody = z.input<typeof adminUploadStartBody>;

export const adminUpload = z.strictObject({ upload_id: z.string(), received: z.number(), size: z.number() });
export type AdminUpload = z.infer<typeof adminUpload>;

const uploadParams = z.object({
  upload_id: z.string().regex(/^[\w-]{20,64}$/, '上传不存在或已过期'),
});
const offsetQuery = z.object({ offset: integer('参数错误', 0, Number.MAX_SAFE_INTEGER) });

const base = { tag: 'admin', auth: 'admin' } as const;

export const adminVideosApi = {
  createChapter: defineEndpoint({
    ...base,
    method: 'POST',
    path: '/api/admin/courses/:id/chapters',
    permission: 'course.edit',
    summary: 'Add a chapter to a course',
    params: idParams,
    body: adminChapterBody,
    data: z.strictObject({ id: z.number() }),
  }),
  updateChapter: defineEndpoint({
    ...base,
    method: 'PUT',
    path: '/api/admin/chapters/:id',
    permission: 'course.edit',
    summary: 'Rename or reorder a chapter',
    params: idParams,
    body: adminChapterBody,
    data: emptyData,
  }),
  removeChapter: defineEndpoint({
    ...base,
    method: 'DELETE',
    path: '/api/admin/chapters/:id',
    permission: 'course.edit',
    summary: 'Delete a chapter without videos',
    params: idParams,
    data: emptyData,
  }),
  createVideo: defineEndpoint({
    ...base,
    method: 'POST',
    path: '/api/admin/courses/:id/videos',
    permission: 'course.edit',
    summary: 'Add a video (lesson) to a course; its file is uploaded afterwards',
    params: idParams,
    body: adminVideoBody,
    data: z.strictObject({ id: z.number() }),
  }),
  updateVideo: defineEndpoint({
    ...base,
    method: 'PUT',
    path: '/api/admin/videos/:id',
    permission: 'course.edit',
    summary: "Edit a video's title, chapter, trial seconds, drag ban and visibility",
    params: idParams,
    body: adminVideoBody,
    data: emptyData,
  }),
  media: defineEndpoint({
    ...base,
    method: 'GET',
    path: '/api/admin/videos/:id/media',
    permission: 'course.view',
    summary: "The video file's processing state (uploaded → transcoding with progress → ready / failed)",
    params: idParams,
    data: adminVideoMedia,
  }),
  startUpload: defineEndpoint({
    ...base,
    method: 'POST',
    path: '/api/admin/videos/:id/uploads',
    permission: 'course.edit',
    summary: "Start a resumable upload of a video's source file (kept 24 hours)",
    params: idParams,
    body: adminUploadStartBody,
    data: adminUpload,
  }),
  uploadStatus: defineEndpoint({
    ...base,
    method: 'GET',
    path: '/api/admin/uploads/:upload_id',
    permission: 'course.edit',
    summary: 'How many bytes of an upload have arrived (resume from there)',
    params: uploadParams,
    data: adminUpload,
  }),
  uploadChunk: defineEndpoint({
    ...base,
    method: 'PUT',
    path: '/api/admin/uploads/:upload_id',
    permission: 'course.edit',
    summary: 'Send the next piece of an upload (application/octet-stream, at most 1 MB) at `offset`',
    params: uploadParams,
    query: offsetQuery,
    data: adminUpload,
  }),
  completeUpload: defineEndpoint({
    ...base,
    method: 'POST',
    path: '/api/admin/uploads/:upload_id/complete',
    permission: 'course.edit',
    summary: 'Finish an upload: the file becomes the video source and transcoding starts',
    params: uploadParams,
    data: adminVideoMedia,
  }),
};
