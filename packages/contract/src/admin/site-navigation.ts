import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { emptyData, idParams } from '../shapes';
import { optionalText, requiredText } from '../validation';

/**
 * The PC site's navigation (two levels), friend links and sliders, managed in the console. The
 * MeEdu clients keep reading them from `/api/v2/navs`, `/links` and `/sliders`.
 */

/** A site path (`/courses`) or an http(s) address: never `javascript:` or a protocol-relative `//host`. */
export const SITE_LINK_PATTERN = /^(\/(?!\/)|https?:\/\/)\S*$/i;
export const SITE_LINK_MESSAGE = '链接须以 / 或 http:// 、https:// 开头';
export const SITE_PLATFORMS = ['PC', 'H5'] as const;
export const REORDER_MISMATCH = '排序列表与当前内容不一致，请刷新后重试';
export const SLIDER_IMAGE_MESSAGES = {
  missing: '请选择轮播图图片',
  notImage: '请上传 JPEG、PNG 或 WebP 格式的图片',
  tooLarge: '轮播图图片不能超过 8MB',
  storeFailed: '轮播图上传失败，请稍后再试',
} as const;

const link = (required: string) =>
  requiredText(required, 500).pipe(z.string().regex(SITE_LINK_PATTERN, SITE_LINK_MESSAGE));
const optionalLink = () =>
  z.preprocess(
    (value) =>
      value === undefined || value === null ? '' : typeof value === 'string' ? value.trim() : value,
    z
      .string({ error: SITE_LINK_MESSAGE })
      .max(500, SITE_LINK_MESSAGE)
      .refine((value) => value === '' || SITE_LINK_PATTERN.test(value), SITE_LINK_MESSAGE),
  );
const platform = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : (value ?? 'PC')),
  z.enum(SITE_PLATFORMS, { error: '平台须为 PC 或 H5' }),
);
const flag = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'boolean' ? Number(value) : value === undefined ? 0 : value),
    z.union([z.literal(0), z.literal(1)], { error: message }),
  );

export const adminPlatformQuery = z.object({ platform });

export const adminNavItem = z.strictObject({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  active_routes: z.string(),
  platform: z.string(),
  parent_id: z.number(),
  blank: z.number(),
  sort: z.number(),
});
export const adminNav = adminNavItem.extend({ children: z.array(adminNavItem) });
export type AdminNav = z.infer<typeof adminNav>;

export const adminNavBody = z.object({
  name: requiredText('请输入导航名称（最多 64 字）', 64),
  url: link('请输入导航链接'),
  /** 0 = top level; else the top-level item it belongs under. */
  parent_id: z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? 0 : value),
    z.coerce.number({ error: '上级导航不存在' }).int('上级导航不存在').min(0, '上级导航不存在'),
  ),
  blank: flag('新窗口打开须为 0 或 1'),
  active_routes: optionalText('高亮路由最多 500 字', 500),
  platform,
});
export type AdminNavBody = z.input<typeof adminNavBody>;
export type AdminNavInput = z.output<typeof adminNavBody>;

export const adminLink = z.strictObject({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  sort: z.number(),
});
export type AdminLink = z.infer<typeof adminLink>;

export const adminLinkBody = z.object({
  name: requiredText('请输入链接名称（最多 64 字）', 64),
  url: link('请输入链接地址'),
});
export type AdminLinkBody = z.input<typeof adminLinkBody>;

export const adminSlider = z.strictObject({
  id: z.number(),
  thumb: z.string(),
  url: z.string(),
  platform: z.string(),
  sort: z.number(),
});
export type AdminSlider = z.infer<typeof adminSlider>;

export const adminSliderBody = z.object({
  /** The address answered by the image upload (or any site path / http(s) address). */
  thumb: link('请上传轮播图图片'),
  url: optionalLink(),
  platform,
});
export type AdminSliderBody = z.input<typeof adminSliderBody>;

const ids = z
  .array(z.number({ error: '参数错误' }).int('参数错误').positive('参数错误'), { error: '参数错误' })
  .min(1, '参数错误')
  .max(500, '参数错误')
  .refine((list) => new Set(list).size === list.length, REORDER_MISMATCH);

/** The new order of navigation items of one level: every sibling, each once. */
export const adminNavOrderBody = z.object({
  platform,
  parent_id: z.coerce.number({ error: '参数错误' }).int('参数错误').min(0, '参数错误'),
  ids,
});
export const adminLinkOrderBody = z.object({ ids });
export const adminSliderOrderBody = z.object({ platform, ids });

export const SLIDER_IMAGE_FIELD = 'file';
export const SLIDER_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

const siteEndpoint = { tag: 'admin', auth: 'admin', permission: 'home.edit' } as const;

export const adminNavigationApi = {
  navs: defineEndpoint({
    ...siteEndpoint,
    method: 'GET',
    path: '/api/admin/navs',
    summary: 'Navigation items of a platform: top level by sort, each with its children',
    query: adminPlatformQuery,
    data: z.array(adminNav),
  }),
  createNav: defineEndpoint({
    ...siteEndpoint,
    method: 'POST',
    path: '/api/admin/navs',
    summary: 'Add a navigation item (a child with parent_id), placed last of its level',
    body: adminNavBody,
    data: z.strictObject({ id: z.number() }),
  }),
  updateNav: defineEndpoint({
    ...siteEndpoint,
    method: 'PUT',
    path: '/api/admin/navs/:id',
    summary: 'Edit a navigation item',
    params: idParams,
    body: adminNavBody,
    data: emptyData,
  }),
  deleteNav: defineEndpoint({
    ...siteEndpoint,
    method: 'DELETE',
    path: '/api/admin/navs/:id',
    summary: 'Delete a navigation item and its children',
    params: idParams,
    data: emptyData,
  }),
  orderNavs: defineEndpoint({
    ...siteEndpoint,
    method: 'PUT',
    path: '/api/admin/nav-order',
    summary: 'Reorder one level of navigation: the ids of every item of that level, in their new order',
    body: adminNavOrderBody,
    data: emptyData,
  }),
  links: defineEndpoint({
    ...siteEndpoint,
    method: 'GET',
    path: '/api/admin/links',
    summary: 'Friend links by sort',
    data: z.array(adminLink),
  }),
  createLink: defineEndpoint({
    ...siteEndpoint,
    method: 'POST',
    path: '/api/admin/links',
    summary: 'Add a friend link, placed last',
    body: adminLinkBody,
    data: z.strictObject({ id: z.number() }),
  }),
  updateLink: defineEndpoint({
    ...siteEndpoint,
    method: 'PUT',
    path: '/api/admin/links/:id',
    summary: 'Edit a friend link',
    params: idParams,
    body: adminLinkBody,
    data: emptyData,
  }),
  deleteLink: defineEndpoint({
    ...siteEndpoint,
    method: 'DELETE',
    path: '/api/admin/links/:id',
    summary: 'Delete a friend link',
    params: idParams,
    data: emptyData,
  }),
  orderLinks: defineEndpoint({
    ...siteEndpoint,
    method: 'PUT',
    path: '/api/admin/link-order',
    summary: 'Reorder the friend links: every id, in the new order',
    body: adminLinkOrderBody,
    data: emptyData,
  }),
  sliders: defineEndpoint({
    ...siteEndpoint,
    method: 'GET',
    path: '/api/admin/sliders',
    summary: 'Sliders of a platform by sort',
    query: adminPlatformQuery,
    data: z.array(adminSlider),
  }),
  createSlider: defineEndpoint({
    ...siteEndpoint,
    method: 'POST',
    path: '/api/admin/sliders',
    summary: 'Add a slider, placed last',
    body: adminSliderBody,
    data: z.strictObject({ id: z.number() }),
  }),
  updateSlider: defineEndpoint({
    ...siteEndpoint,
    method: 'PUT',
    path: '/api/admin/sliders/:id',
    summary: 'Edit a slider',
    params: idParams,
    body: adminSliderBody,
    data: emptyData,
  }),
  deleteSlider: defineEndpoint({
    ...siteEndpoint,
    method: 'DELETE',
    path: '/api/admin/sliders/:id',
    summary: 'Delete a slider',
    params: idParams,
    data: emptyData,
  }),
  orderSliders: defineEndpoint({
    ...siteEndpoint,
    method: 'PUT',
    path: '/api/admin/slider-order',
    summary: 'Reorder the sliders of a platform: every id, in the new order',
    body: adminSliderOrderBody,
    data: emptyData,
  }),
  sliderImage: defineEndpoint({
    ...siteEndpoint,
    method: 'POST',
    path: '/api/admin/sliders/image',
    summary: 'Upload a slider image: re-encoded through the image pipeline; answers the address for `thumb`',
    upload: { field: SLIDER_IMAGE_FIELD, description: 'JPEG, PNG or WebP, at most 8 MB and 12 megapixels' },
    data: z.strictObject({ url: z.string(), width: z.number(), height: z.number() }),
  }),
};
