import path from 'node:path';
import type { Db } from '../../shared/db/database';
import { fenToYuan } from '../../shared/money';
import { mediaRoot } from '../media/ingest';
import { attachmentDir } from './attachments';
import { VOD_BLOCK_SIGNS, vodBlockIds } from './blocks';
import type { ContentFileInput, ContentVideo } from './content-file';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A file under DATA_DIR as an export names it: relative to DATA_DIR, with `/` (`media/sources/…`,
 * `attach/…`). An export is shown in the console and handed around: it never carries the server's
 * absolute paths; import finds these keys under its own DATA_DIR.
 */
const dataKey = (dataDir: string, file: string) => path.relative(dataDir, file).split(path.sep).join('/');

/** Everything import reads, in the same format (deleted courses are left out). */
export async function exportContent(db: Db, dataDir: string): Promise<ContentFileInput> {
  const [categories, courses, chapters, videos, attachments, blocks] = await Promise.all([
    db
      .selectFrom('course_categories')
      .selectAll()
      .orderBy('parent_id')
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db.selectFrom('courses').selectAll().where('deleted_at', 'is', null).orderBy('id').execute(),
    db.selectFrom('course_chapters').selectAll().orderBy('sort').orderBy('id').execute(),
    db.selectFrom('videos').selectAll().orderBy('published_at').orderBy('id').execute(),
    db.selectFrom('course_attachments').selectAll().orderBy('id').execute(),
    db
      .selectFrom('view_blocks')
      .selectAll()
      .orderBy('platform')
      .orderBy('page')
      .orderBy('sort')
      .orderBy('id')
      .execute(),
  ]);
  const assetSources = new Map(
    (await db.selectFrom('media_assets').select(['video_id', 'source_path']).execute()).map((a) => [
      a.video_id,
      dataKey(dataDir, path.resolve(mediaRoot(dataDir), a.source_path)),
    ]),
  );
  const categorySlug = new Map(categories.map((c) => [c.id, c.slug]));
  const courseSlug = new Map(courses.map((c) => [c.id, c.slug]));
  const video = (v: (typeof videos)[number]): ContentVideo => ({
    slug: v.slug,
    title: v.title,
    duration: v.duration,
    ...(assetSources.has(v.id) ? { file: assetSources.get(v.id) } : { url: v.url, trial_url: v.trial_url }),
    is_free: v.is_free as 0 | 1,
    free_seconds: v.free_seconds,
    ban_drag: v.ban_drag as 0 | 1,
    price: fenToYuan(v.charge),
    is_show: v.is_show as 0 | 1,
    published_at: v.published_at,
  });
  const pages = new Map<
    string,
    { platform: string; page: string; blocks: { sign: string; config: unknown }[] }
  >();
  for (const block of blocks) {
    const key = `${block.platform}\n${block.page}`;
    if (!pages.has(key)) pages.set(key, { platform: block.platform, page: block.page, blocks: [] });
    let config: unknown = block.config ? JSON.parse(block.config) : [];
    if (VOD_BLOCK_SIGNS.has(block.sign)) {
      const title = (config as { title?: string })?.title ?? '';
      const slugs = vodBlockIds(config).flatMap((id) => (courseSlug.has(id) ? [courseSlug.get(id)!] : []));
      config = { title, courses: slugs };
    }
    pages.get(key)!.blocks.push({ sign: block.sign, config });
  }
  const toIso = <T extends { published_at?: Date | null }>(value: T) => ({
    ...value,
    published_at: iso(value.published_at ?? null) ?? undefined,
  });
  return {
    categories: categories.map((c) => ({
      slug: c.slug,
      name: c.name,
      sort: c.sort,
      ...(c.parent_id ? { parent: categorySlug.get(c.parent_id) } : {}),
    })),
    courses: courses.map((c) => ({
      ...toIso({
        slug: c.slug,
        title: c.title,
        ...(categorySlug.has(c.category_id) ? { category: categorySlug.get(c.category_id) } : {}),
        thumb: c.thumb,
        price: fenToYuan(c.charge),
        is_free: c.is_free as 0 | 1,
        is_vip_free: c.is_vip_free as 0 | 1,
        is_rec: c.is_rec as 0 | 1,
        is_show: c.is_show as 0 | 1,
        user_count: c.user_count,
        published_at: c.published_at,
        short_description: c.short_description,
        description: c.render_desc,
        seo_keywords: c.seo_keywords,
        seo_description: c.seo_description,
      }),
      chapters: chapters
        .filter((ch) => ch.course_id === c.id)
        .map((ch) => ({
          title: ch.title,
          videos: videos.filter((v) => v.chapter_id === ch.id).map((v) => toIso(video(v))),
        })),
      videos: videos.filter((v) => v.course_id === c.id && v.chapter_id === null).map((v) => toIso(video(v))),
      attachments: attachments
        .filter((a) => a.course_id === c.id)
        .map((a) =>
          /^https?:\/\//i.test(a.path)
            ? { name: a.name, url: a.path }
            : { name: a.name, file: dataKey(dataDir, path.join(attachmentDir(dataDir), a.path)) },
        ),
    })),
    blocks: [...pages.values()],
  };
}
