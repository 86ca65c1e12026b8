import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { emptyData, idParams, listWithTotal } from '../shapes';
import { oneOf, optionalText, requiredText, yuanAsFen } from '../validation';
import { pageQuery } from './paging';

/** ¥1,000,000 in fen: prices travel as yuan (two decimals at most) and are stored as fen. */
const MAX_PRICE_FEN = 100_000_000;

const integer = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

const flag = (message: string) =>
  z.preprocess((value) => (typeof value === 'boolean' ? Number(value) : value), integer(message, 0, 1));

/** An ISO time, or empty/null for none. */
const optionalTime = (message: string) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .string({ error: message })
      .refine((text) => !Number.isNaN(Date.parse(text)), message)
      .nullable()
      .optional(),
  );

export const COURSE_SLUG = /^[a-z0-9][a-z0-9-]{0,118}$/;

export const adminCourseListQuery = pageQuery.extend({
  keyword: optionalText('参数错误', 64),
  category_id: z.preprocess(
    (value) => (value === '' ? undefined : value),
    integer('参数错误', 0, 1e9).optional(),
  ),
  /** `1` on shelf, `0` off shelf. */
  is_show: z.preprocess((value) => (value === '' ? undefined : value), flag('参数错误').optional()),
  charge: z.preprocess(
    (value) => (value === '' ? undefined : value),
    oneOf(['free', 'paid'], '参数错误').optional(),
  ),
  sort: z.preprocess(
    (value) => (value === '' || value === undefined ? 'latest' : value),
    oneOf(['latest', 'oldest', 'price_desc', 'price_asc'], '参数错误'),
  ),
});
export type AdminCourseListQuery = z.input<typeof adminCourseListQuery>;
export type AdminCourseListFilter = z.output<typeof adminCourseListQuery>;

export const adminCourseBody = z.object({
  title: requiredText('请输入课程名称', 120),
  slug: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: '请输入链接标识' })
      .min(1, '请输入链接标识')
      .regex(COURSE_SLUG, '链接标识只能包含小写字母、数字和短横线，最长 119 位'),
  ),
  category_id: integer('请选择分类', 1, 1e9),
  thumb: optionalText('封面地址过长', 500),
  short_description: optionalText('简介最多 255 字', 255),
  render_desc: z.preprocess(
    (value) => (value === null ? '' : value),
    z.string({ error: '详情格式错误' }).max(100_000, '详情过长').optional(),
  ),
  /** Yuan on the wire (19.9), fen after parsing. */
  charge: yuanAsFen('价格', 0, MAX_PRICE_FEN),
  is_vip_free: flag('会员免费须为 0 或 1').optional(),
  is_show: flag('上架状态须为 0 或 1').optional(),
  published_at: optionalTime('上架时间格式错误'),
});
export type AdminCourseBody = z.input<typeof adminCourseBody>;

export const adminCourseShelfBody = z.object({ is_show: flag('上架状态须为 0 或 1') });

export const adminCourse = z.strictObject({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  thumb: z.string(),
  charge: z.number(),
  category_id: z.number(),
  category_name: z.string(),
  short_description: z.string(),
  is_show: z.number(),
  is_vip_free: z.number(),
  user_count: z.number(),
  /** ISO, or null when never published */
  published_at: z.string().nullable(),
  /** ISO */
  updated_at: z.string(),
});
export type AdminCourse = z.infer<typeof adminCourse>;

export const adminCourseDetail = adminCourse.extend({
  render_desc: z.string(),
  chapters: z.array(z.strictObject({ id: z.number(), title: z.string(), sort: z.number() })),
  videos: z.array(
    z.strictObject({
      id: z.number(),
      chapter_id: z.number().nullable(),
      title: z.string(),
      duration: z.number(),
      is_show: z.number(),
      free_seconds: z.number(),
      ban_drag: z.number(),
      /** '' (uploaded file), `aliyun` or `tencent`, with the vendor's video id. */
      vod_provider: z.enum(['', 'aliyun', 'tencent']),
      vod_media_id: z.string(),
    }),
  ),
});
export type AdminCourseDetail = z.infer<typeof adminCourseDetail>;

export const adminCategory = z.strictObject({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  parent_id: z.number(),
  sort: z.number(),
  course_count: z.number(),
});
export type AdminCategory = z.infer<typeof adminCategory>;

export const adminCategoryBody = z.object({
  name: requiredText('请输入分类名称', 60),
  slug: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: '请输入链接标识' })
      .min(1, '请输入链接标识')
      .regex(COURSE_SLUG, '链接标识只能包含小写字母、数字和短横线，最长 119 位'),
  ),
  parent_id: integer('上级分类错误', 0, 1e9).optional(),
  sort: integer('排序须为 0 到 9999 之间的整数', 0, 9999).optional(),
});
export type AdminCategoryBody = z.input<typeof adminCategoryBody>;

const idData = z.strictObject({ id: z.number() });

/** `POST /api/admin/courses/cover` — multipart, field `file`; JPEG, PNG or WebP. */
export const COURSE_COVER_FIELD = 'file';
export const COURSE_COVER_MAX_BYTES = 8 * 1024 * 1024;
/** Width : height of a stored cover: the h5 shows covers at 16 / 9 (`--kz-cover-ratio`). */
export const COURSE_COVER_RATIO = [16, 9] as const;
export const COURSE_COVER_MESSAGES = {
  missing: '请选择封面图片',
  notImage: '请上传 JPEG、PNG 或 WebP 格式的图片',
  tooLarge: '封面图片不能超过 8MB',
  storeFailed: '封面上传失败，请稍后再试',
} as const;
export const adminCourseCover = z.strictObject({ url: z.string(), width: z.number(), height: z.number() });

const courseEndpoint = { tag: 'admin', auth: 'admin' } as const;

export const adminCoursesApi = {
  list: defineEndpoint({
    ...courseEndpoint,
    method: 'GET',
    path: '/api/admin/courses',
    permission: 'course.view',
    summary: 'Courses: search, filter, sort, page (deleted ones left out)',
    query: adminCourseListQuery,
    data: listWithTotal(adminCourse),
  }),
  detail: defineEndpoint({
    ...courseEndpoint,
    method: 'GET',
    path: '/api/admin/courses/:id',
    permission: 'course.view',
    summary: 'One course with its description, chapters and videos',
    params: idParams,
    data: adminCourseDetail,
  }),
  create: defineEndpoint({
    ...courseEndpoint,
    method: 'POST',
    path: '/api/admin/courses',
    permission: 'course.edit',
    summary: 'Create a course (its description HTML is sanitised)',
    body: adminCourseBody,
    data: idData,
  }),
  update: defineEndpoint({
    ...courseEndpoint,
    method: 'PUT',
    path: '/api/admin/courses/:id',
    permission: 'course.edit',
    summary: 'Edit a course',
    params: idParams,
    body: adminCourseBody,
    data: emptyData,
  }),
  shelf: defineEndpoint({
    ...courseEndpoint,
    method: 'PUT',
    path: '/api/admin/courses/:id/shelf',
    permission: 'course.edit',
    summary: 'Put a course on shelf (published now unless it has a time) or take it off',
    params: idParams,
    body: adminCourseShelfBody,
    data: emptyData,
  }),
  remove: defineEndpoint({
    ...courseEndpoint,
    method: 'DELETE',
    path: '/api/admin/courses/:id',
    permission: 'course.edit',
    summary: 'Delete a course (soft: orders and purchases keep working)',
    params: idParams,
    data: emptyData,
  }),
  cover: defineEndpoint({
    ...courseEndpoint,
    method: 'POST',
    path: '/api/admin/courses/cover',
    permission: 'course.edit',
    summary: 'Upload a course cover: re-encoded, cropped (centre) to 16:9; answers the address for `thumb`',
    upload: { field: COURSE_COVER_FIELD, description: 'JPEG, PNG or WebP, at most 8 MB and 12 megapixels' },
    data: adminCourseCover,
  }),
  categories: defineEndpoint({
    ...courseEndpoint,
    method: 'GET',
    path: '/api/admin/categories',
    permission: 'course.view',
    summary: 'Every course category with its number of courses',
    data: z.array(adminCategory),
  }),
  createCategory: defineEndpoint({
    ...courseEndpoint,
    method: 'POST',
    path: '/api/admin/categories',
    permission: 'course.edit',
    summary: 'Create a category',
    body: adminCategoryBody,
    data: idData,
  }),
  updateCategory: defineEndpoint({
    ...courseEndpoint,
    method: 'PUT',
    path: '/api/admin/categories/:id',
    permission: 'course.edit',
    summary: 'Edit a category',
    params: idParams,
    body: adminCategoryBody,
    data: emptyData,
  }),
  removeCategory: defineEndpoint({
    ...courseEndpoint,
    method: 'DELETE',
    path: '/api/admin/categories/:id',
    permission: 'course.edit',
    summary: 'Delete a category that no course uses',
    params: idParams,
    data: emptyData,
  }),
};

export const adminImportSummary = z.strictObject({
  categories: z.number(),
  courses: z.number(),
  chapters: z.number(),
  videos: z.number(),
  attachments: z.number(),
  blocks: z.number(),
});
export type AdminImportSummary = z.infer<typeof adminImportSummary>;

/** The content file format of `npm run cli -- import` / `export`. */
export const adminContentApi = {
  exportContent: defineEndpoint({
    method: 'GET',
    path: '/api/admin/content/export',
    tag: 'admin',
    auth: 'admin',
    permission: 'course.edit',
    summary: 'Every category, course, chapter, video, attachment and page block as one content file',
    data: z.unknown(),
    note: 'the content file (same format as `npm run cli -- export`)',
  }),
  importContent: defineEndpoint({
    method: 'POST',
    path: '/api/admin/content/import',
    tag: 'admin',
    auth: 'admin',
    permission: 'course.edit',
    summary: 'Load a content file (idempotent by slug; one transaction)',
    description:
      'Videos and attachments are given by `url`, or by `file` only when it names a file this server already holds ' +
      '(as in its own export); other local paths are refused.',
    body: z.object({ content: z.record(z.string(), z.unknown(), { error: '请上传内容文件（JSON 对象）' }) }),
    data: adminImportSummary,
  }),
};
