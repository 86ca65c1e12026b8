import { z } from 'zod';
import { yuanToFen } from '../../shared/money';

/**
 * The content file `npm run cli -- import <file.json>` reads and `export` writes. Everything is
 * keyed by slug, so importing the same file twice changes nothing and an edited file updates in
 * place. Import creates and updates; it never deletes (use `course:hide`). Optional fields left
 * out keep their current value on update and take the default on create.
 *
 * {
 *   "categories": [{ "slug": "backend", "name": "后端开发", "sort": 1, "parent": "<slug>" }],
 *   "courses": [{
 *     "slug": "python-basics", "title": "…", "category": "backend", "thumb": "/demo/covers/x.png",
 *     "price": 0, "is_free": 1, "is_vip_free": 1, "is_rec": 0, "is_show": 1,
 *     "published_at": "2024-05-01T10:00:00+08:00", "short_description": "…", "description": "<p>…</p>",
 *     "chapters": [{ "title": "第一章", "videos": [<video>] }],
 *     "videos": [<video without chapter>],
 *     "attachments": [{ "name": "课件.pdf", "file": "files/slides.pdf" }, { "name": "…", "url": "https://…" }]
 *   }],
 *   "blocks": [{ "platform": "h5", "page": "h5-page-index", "blocks": [{ "sign": "slider", "config": […] }] }]
 * }
 * <video> = { "slug", "title", "duration" (seconds), "url" (an external http(s) address, e.g. a
 *   VOD service, played as given) or "file" (a local video — MP4, MOV, MKV…, or a plain HLS .m3u8
 *   with its segments beside it — sent through the protected-video pipeline), "trial_url" (with
 *   "url" only) or "trial_file" (ignored: the pipeline cuts the trial at "free_seconds"),
 *   "is_free", "free_seconds", "ban_drag", "price", "is_show", "published_at" }
 * A course-list block (`h5-vod-v1`) names its courses by slug: `"config": {"title": "…", "courses": ["python-basics"]}`.
 * Attachment `file` paths are relative to the content file (or absolute); the file is copied
 * into DATA_DIR/attach. Video `file` paths likewise, staged into DATA_DIR/media/sources and
 * transcoded into AES-128 encrypted HLS, played only through signed addresses (modules/media).
 */
const flag = z.union([z.literal(0), z.literal(1)]);
const slug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,119}$/, 'slug: lowercase letters, digits and dashes (max 120)');
/** A price in yuan as the file writes it (19.9, at most two decimals), read as fen. */
const money = z
  .number()
  .min(0)
  .max(1_000_000)
  .transform((yuan, ctx) => {
    const fen = yuanToFen(yuan);
    if (Number.isNaN(fen))
      ctx.addIssue({ code: 'custom', message: 'a price in yuan with at most two decimals' });
    return fen;
  });
const text = (max: number) => z.string().max(max);
const date = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'a date such as 2024-05-01T10:00:00+08:00')
  .transform((value) => new Date(value));

export const contentVideo = z
  .object({
    slug,
    title: text(255).min(1),
    duration: z.number().int().min(0).max(1_000_000),
    url: text(4000).optional(),
    file: text(4000).optional(),
    trial_url: text(4000).optional(),
    trial_file: text(4000).optional(),
    is_free: flag.optional(),
    free_seconds: z.number().int().min(0).max(1_000_000).optional(),
    ban_drag: flag.optional(),
    price: money.optional(),
    is_show: flag.optional(),
    published_at: date.nullable().optional(),
  })
  .refine((v) => !(v.url && v.file), 'a video takes "url" or "file", not both')
  .refine((v) => !(v.trial_url && v.trial_file), 'a video takes "trial_url" or "trial_file", not both');

export const contentAttachment = z
  .object({ name: text(255).min(1), file: text(4000).optional(), url: z.string().url().optional() })
  .refine((a) => Boolean(a.file) !== Boolean(a.url), 'an attachment needs exactly one of "file" or "url"');

export const contentCourse = z.object({
  slug,
  title: text(255).min(1),
  category: slug.optional(),
  thumb: text(4000).optional(),
  price: money.optional(),
  is_free: flag.optional(),
  is_vip_free: flag.optional(),
  is_rec: flag.optional(),
  is_show: flag.optional(),
  user_count: z.number().int().min(0).optional(),
  published_at: date.nullable().optional(),
  short_description: text(2000).optional(),
  description: text(200_000).optional(),
  seo_keywords: text(255).optional(),
  seo_description: text(255).optional(),
  chapters: z
    .array(z.object({ title: text(255).min(1), videos: z.array(contentVideo).default([]) }))
    .optional(),
  videos: z.array(contentVideo).optional(),
  attachments: z.array(contentAttachment).optional(),
});

export const contentBlock = z.object({ sign: text(64).min(1), config: z.unknown() });

export const contentFile = z.object({
  categories: z
    .array(
      z.object({ slug, name: text(64).min(1), sort: z.number().int().optional(), parent: slug.optional() }),
    )
    .default([]),
  courses: z.array(contentCourse).default([]),
  blocks: z
    .array(z.object({ platform: text(32).min(1), page: text(64).min(1), blocks: z.array(contentBlock) }))
    .default([]),
});

/** A content file that cannot be imported: the message says what to fix. */
export class ContentFileError extends Error {}

export type ContentFile = z.output<typeof contentFile>;
export type ContentFileInput = z.input<typeof contentFile>;
export type ContentCourse = z.output<typeof contentCourse>;
export type ContentVideo = z.output<typeof contentVideo>;

/** Operator-readable list of what is wrong with a content file. */
export function describeContentErrors(error: z.ZodError): string {
  return error.issues
    .slice(0, 20)
    .map((issue) => `  ${issue.path.join('.') || '(file)'}: ${issue.message}`)
    .join('\n');
}
