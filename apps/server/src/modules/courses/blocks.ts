import type { VodBlockCourse, ViewBlock } from '@kezhan/contract/courses';
import type { Db } from '../../shared/db/database';
import type { AppServices } from '../../services';
import { isoTimestamp, rawDateTime } from '../../shared/time';
import { listedCourses } from './catalogue';
import { fenToYuan } from '../../shared/money';

export const VOD_BLOCK_SIGNS = new Set(['h5-vod-v1', 'pc-vod-v1']);

function decode(config: string): unknown {
  if (!config.trim()) return [];
  try {
    return JSON.parse(config);
  } catch {
    return [];
  }
}

/** Course ids a vod block lists (`items: [{id}, …]`), in order. */
export function vodBlockIds(configRender: unknown): number[] {
  const items = (configRender as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items
    .map((item) => Number((item as { id?: unknown } | null)?.id))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/**
 * Decoration pages by key: each page key has one block list, and its id is stable so that
 * clients which remember `decoration_page_id` see the same value on every answer.
 */
export const DECORATION_PAGES: Readonly<Record<string, number>> = { 'pc-page-index': 1, 'h5-page-index': 2 };

/** `GET /api/v2/decorationPage/blocks`: every block stored under the page key, whatever the platform. */
export async function loadDecorationBlocks(db: Db, now: Date, page: string): Promise<ViewBlock[]> {
  const blocks = await loadViewBlocks(db, now, null, page);
  const pageId = DECORATION_PAGES[page] ?? 0;
  return blocks.map((block) => ({ ...block, decoration_page_id: pageId }));
}

/**
 * `GET /api/v2/viewBlock/page/blocks`: the page's blocks by `sort`, `config` decoded into
 * `config_render`. A vod block's items become the full courses, in the stored order, keeping
 * only courses that are on the lists (deleted, hidden or unpublished ones are dropped).
 */
export async function loadViewBlocks(
  db: Db,
  now: Date,
  platform: string | null,
  page: string,
): Promise<ViewBlock[]> {
  let query = db
    .selectFrom('view_blocks')
    .select(['id', 'platform', 'page', 'sign', 'sort', 'config'])
    .where('page', '=', page);
  if (platform !== null) query = query.where('platform', '=', platform);
  const rows = await query.orderBy('sort').orderBy('id').execute();
  const blocks = rows.map((row) => ({ ...row, config_render: decode(row.config) }));
  const wanted = [
    ...new Set(
      blocks.filter((b) => VOD_BLOCK_SIGNS.has(b.sign)).flatMap((b) => vodBlockIds(b.config_render)),
    ),
  ];
  const courses = new Map<number, VodBlockCourse>();
  if (wanted.length > 0) {
    const found = await listedCourses(db, now)
      .leftJoin('course_categories as cat', 'cat.id', 'c.category_id')
      .selectAll('c')
      .select(['cat.id as cat_id', 'cat.name as cat_name'])
      .where('c.id', 'in', wanted)
      .execute();
    for (const c of found) {
      courses.set(c.id, {
        id: c.id,
        title: c.title,
        thumb: c.thumb,
        charge: fenToYuan(c.charge),
        user_count: c.user_count,
        short_description: c.short_description,
        published_at: rawDateTime(c.published_at),
        category_id: c.category_id,
        is_rec: c.is_rec,
        is_free: c.is_free,
        is_vip_free: c.is_vip_free,
        created_at: isoTimestamp(c.created_at)!,
        category: c.cat_id !== null && c.cat_name !== null ? { id: c.cat_id, name: c.cat_name } : [],
      });
    }
  }
  return blocks.map((block) => {
    if (!VOD_BLOCK_SIGNS.has(block.sign)) return block as ViewBlock;
    const stored = block.config_render as { title?: unknown };
    const items = vodBlockIds(block.config_render)
      .map((id) => courses.get(id))
      .filter((c): c is VodBlockCourse => c !== undefined);
    return {
      ...block,
      config_render: { ...stored, title: typeof stored?.title === 'string' ? stored.title : '', items },
    } as ViewBlock;
  });
}

/**
 * The blocks answers through the site content cache: the same answer for a page until the console
 * changes blocks or courses (or, made elsewhere, for at most the cache's freshness).
 */
export const cachedViewBlocks = (
  { db, now, siteContent }: AppServices,
  platform: string | null,
  page: string,
): Promise<ViewBlock[]> =>
  siteContent.get(`blocks:${platform ?? '*'}:${page}`, () => loadViewBlocks(db, now(), platform, page));

export const cachedDecorationBlocks = ({ db, now, siteContent }: AppServices, page: string) =>
  siteContent.get(`decoration:${page}`, () => loadDecorationBlocks(db, now(), page));
