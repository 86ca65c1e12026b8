import fs from 'node:fs';
import path from 'node:path';
import type { Transaction } from 'kysely';
import type { Db } from '../../shared/db/database';
import type { Database } from '../../shared/db/schema';
import { sanitizeRichHtml } from '../../shared/html/rich-html';
import { attachmentDir } from './attachments';
import { VOD_BLOCK_SIGNS } from './blocks';
import type { StagedSource } from '../media/ingest';
import { contentFilePath, prepareVideoFiles, registerStagedVideos } from './content-media';
import {
  contentFile,
  ContentFileError,
  describeContentErrors,
  type ContentCourse,
  type ContentFile,
  type ContentVideo,
} from './content-file';
import { fenToYuan } from '../../shared/money';

export interface ImportOptions {
  /**
   * Folder that relative attachment and video `file` paths start from (the content file's folder);
   * a path not found there is looked for under DATA_DIR (an export's keys, see contentFilePath).
   */
  baseDir: string;
  /** DATA_DIR: attachment files are copied into DATA_DIR/attach, video files into DATA_DIR/media. */
  dataDir: string;
  now: Date;
  /** Largest local video accepted (MEDIA_MAX_UPLOAD_MB); no limit when unset. */
  maxVideoBytes?: number;
}

export interface ImportSummary {
  categories: number;
  courses: number;
  chapters: number;
  videos: number;
  attachments: number;
  blocks: number;
}

/** Course descriptions are shown as HTML: keep ordinary markup, drop scripts, handlers and styles. */
export const sanitizeDescription = sanitizeRichHtml;

export function parseContentFile(data: unknown): ContentFile {
  const parsed = contentFile.safeParse(data);
  if (!parsed.success)
    throw new ContentFileError(`Invalid content file:\n${describeContentErrors(parsed.error)}`);
  const file = parsed.data;
  const slugs = (list: { slug: string }[], what: string) => {
    const seen = new Set<string>();
    for (const { slug } of list) {
      if (seen.has(slug)) throw new ContentFileError(`Duplicate ${what} slug: ${slug}`);
      seen.add(slug);
    }
  };
  slugs(file.categories, 'category');
  slugs(file.courses, 'course');
  slugs(
    file.courses.flatMap((c) => [...(c.chapters ?? []).flatMap((ch) => ch.videos), ...(c.videos ?? [])]),
    'video',
  );
  return file;
}

interface PreparedAttachment {
  name: string;
  path: string;
  size: number;
  extension: string;
}

/** Copies local attachment files into DATA_DIR/attach before the transaction (copying is idempotent). */
function prepareAttachments(course: ContentCourse, options: ImportOptions): PreparedAttachment[] {
  return (course.attachments ?? []).map((attachment) => {
    const extension = path.extname(attachment.name).slice(1).toLowerCase();
    if (attachment.url) return { name: attachment.name, path: attachment.url, size: 0, extension };
    const source = contentFilePath(options, attachment.file!);
    const stat = fs.statSync(source, { throwIfNoEntry: false });
    if (!stat?.isFile()) throw new ContentFileError(`Attachment file not found: ${source}`);
    const relative = path.join(course.slug, path.basename(source));
    const target = path.join(attachmentDir(options.dataDir), relative);
    if (path.resolve(target) !== source) {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(source, target);
    }
    return { name: attachment.name, path: relative.split(path.sep).join('/'), size: stat.size, extension };
  });
}

/** Only the fields the file gives, so an update leaves the others as they are. */
function given<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

async function upsertCategories(trx: Transaction<Database>, file: ContentFile, now: Date) {
  const ids = new Map<string, number>();
  for (const category of file.categories) {
    const row = await trx
      .insertInto('course_categories')
      .values({
        slug: category.slug,
        name: category.name,
        sort: category.sort ?? 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .column('slug')
          .doUpdateSet({ name: category.name, ...given({ sort: category.sort }), updated_at: now }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(category.slug, row.id);
  }
  const idOf = async (slug: string) => {
    if (ids.has(slug)) return ids.get(slug)!;
    const row = await trx
      .selectFrom('course_categories')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (!row) throw new ContentFileError(`Unknown category: ${slug}`);
    ids.set(slug, row.id);
    return row.id;
  };
  for (const category of file.categories) {
    const parentId = category.parent ? await idOf(category.parent) : 0;
    if (parentId === ids.get(category.slug))
      throw new ContentFileError(`Category ${category.slug} is its own parent`);
    await trx
      .updateTable('course_categories')
      .set({ parent_id: parentId })
      .where('slug', '=', category.slug)
      .execute();
  }
  return idOf;
}

async function upsertVideos(
  trx: Transaction<Database>,
  courseId: number,
  groups: { chapterId: number | null; videos: ContentVideo[] }[],
  now: Date,
) {
  const all = groups.flatMap((group) => group.videos.map((video) => ({ video, chapterId: group.chapterId })));
  for (const [index, { video, chapterId }] of all.entries()) {
    // New videos without a date are spread just before now so the catalogue keeps the file's order.
    const defaultPublished = new Date(now.getTime() - (all.length - index) * 1000);
    const fields = {
      course_id: courseId,
      chapter_id: chapterId,
      title: video.title,
      duration: video.duration,
      ...given({
        url: video.url,
        trial_url: video.trial_url,
        is_free: video.is_free,
        free_seconds: video.free_seconds,
        ban_drag: video.ban_drag,
        charge: video.price,
        is_show: video.is_show,
        published_at: video.published_at,
      }),
      updated_at: now,
    };
    await trx
      .insertInto('videos')
      .values({ published_at: defaultPublished, ...fields, slug: video.slug, created_at: now })
      .onConflict((oc) => oc.column('slug').doUpdateSet(fields))
      .execute();
  }
  return all.length;
}

async function upsertCourse(
  trx: Transaction<Database>,
  course: ContentCourse,
  categoryId: number,
  attachments: PreparedAttachment[],
  now: Date,
) {
  const price = course.price;
  const fields = {
    title: course.title,
    category_id: categoryId,
    deleted_at: null,
    ...given({
      thumb: course.thumb,
      charge: price,
      is_free: course.is_free ?? (price === undefined ? undefined : price === 0 ? 1 : 0),
      is_vip_free: course.is_vip_free,
      is_rec: course.is_rec,
      is_show: course.is_show,
      user_count: course.user_count,
      published_at: course.published_at,
      short_description: course.short_description,
      render_desc: course.description === undefined ? undefined : sanitizeDescription(course.description),
      seo_keywords: course.seo_keywords,
      seo_description: course.seo_description,
    }),
    updated_at: now,
  };
  const { id: courseId } = await trx
    .insertInto('courses')
    .values({ published_at: now, ...fields, slug: course.slug, created_at: now })
    .onConflict((oc) => oc.column('slug').doUpdateSet(fields))
    .returning('id')
    .executeTakeFirstOrThrow();

  const groups: { chapterId: number | null; videos: ContentVideo[] }[] = [];
  for (const [sort, chapter] of (course.chapters ?? []).entries()) {
    const { id } = await trx
      .insertInto('course_chapters')
      .values({ course_id: courseId, title: chapter.title, sort, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['course_id', 'title']).doUpdateSet({ sort, updated_at: now }))
      .returning('id')
      .executeTakeFirstOrThrow();
    groups.push({ chapterId: id, videos: chapter.videos });
  }
  groups.push({ chapterId: null, videos: course.videos ?? [] });
  const videos = await upsertVideos(trx, courseId, groups, now);

  for (const attachment of attachments) {
    const values = {
      path: attachment.path,
      size: attachment.size,
      extension: attachment.extension,
      updated_at: now,
    };
    await trx
      .insertInto('course_attachments')
      .values({ ...values, course_id: courseId, name: attachment.name, created_at: now })
      .onConflict((oc) => oc.columns(['course_id', 'name']).doUpdateSet(values))
      .execute();
  }
  return { chapters: course.chapters?.length ?? 0, videos };
}

/** Stored form of a block: vod blocks name their courses by id (as MeEdu's decorator saves them). */
async function storedBlockConfig(trx: Transaction<Database>, sign: string, config: unknown): Promise<string> {
  if (!VOD_BLOCK_SIGNS.has(sign)) return JSON.stringify(config ?? []);
  const { title = '', courses = [] } = (config ?? {}) as { title?: string; courses?: string[] };
  if (!Array.isArray(courses) || !courses.every((s) => typeof s === 'string')) {
    throw new ContentFileError(`Block ${sign}: "courses" must be a list of course slugs`);
  }
  const rows =
    courses.length > 0
      ? await trx
          .selectFrom('courses')
          .select(['id', 'slug', 'title', 'thumb', 'charge'])
          .where('slug', 'in', courses)
          .execute()
      : [];
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  const items = courses.map((courseSlug) => {
    const row = bySlug.get(courseSlug);
    if (!row) throw new ContentFileError(`Block ${sign}: unknown course ${courseSlug}`);
    return { id: row.id, title: row.title, thumb: row.thumb, charge: fenToYuan(row.charge) };
  });
  return JSON.stringify({ title, items });
}

/** Loads a content file's data in one transaction; see content-file.ts for the format. */
export async function importContent(db: Db, data: unknown, options: ImportOptions): Promise<ImportSummary> {
  const file = parseContentFile(data);
  const stagedVideos = new Map<string, StagedSource>();
  for (const course of file.courses) {
    for (const [slug, source] of prepareVideoFiles(course, options)) stagedVideos.set(slug, source);
  }
  const attachments = new Map(
    file.courses.map((course) => [course.slug, prepareAttachments(course, options)]),
  );
  const { now } = options;
  return db.transaction().execute(async (trx) => {
    const summary: ImportSummary = {
      categories: file.categories.length,
      courses: 0,
      chapters: 0,
      videos: 0,
      attachments: 0,
      blocks: 0,
    };
    const categoryId = await upsertCategories(trx, file, now);
    for (const course of file.courses) {
      const counts = await upsertCourse(
        trx,
        course,
        course.category ? await categoryId(course.category) : 0,
        attachments.get(course.slug)!,
        now,
      );
      summary.courses += 1;
      summary.chapters += counts.chapters;
      summary.videos += counts.videos;
      summary.attachments += attachments.get(course.slug)!.length;
    }
    await registerStagedVideos(trx, stagedVideos, now);
    for (const page of file.blocks) {
      await trx
        .deleteFrom('view_blocks')
        .where('platform', '=', page.platform)
        .where('page', '=', page.page)
        .execute();
      for (const [sort, block] of page.blocks.entries()) {
        await trx
          .insertInto('view_blocks')
          .values({
            platform: page.platform,
            page: page.page,
            sign: block.sign,
            sort,
            config: await storedBlockConfig(trx, block.sign, block.config),
            created_at: now,
            updated_at: now,
          })
          .execute();
        summary.blocks += 1;
      }
    }
    return summary;
  });
}

/** Reads a content file from disk and imports it (relative attachment paths start at its folder). */
export async function importContentFile(db: Db, file: string, options: Omit<ImportOptions, 'baseDir'>) {
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ContentFileError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  return importContent(db, data, { ...options, baseDir: path.dirname(path.resolve(file)) });
}
