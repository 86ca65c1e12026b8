import fs from 'node:fs';
import path from 'node:path';
import { CommandError, type CliCommand } from '../../kernel/command';
import type { AppServices } from '../../services';
import { exportContent } from './content-export';
import { ContentFileError } from './content-file';
import { importContent } from './content-import';
import { ContentImageError, ingestContentImages } from '../media/content-images';

function readContentFile(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ContentFileError(`Cannot read ${file}: ${(error as Error).message}`);
  }
}

/** A course by id or slug. */
async function findCourse(services: AppServices, ref: string | undefined, usage: string) {
  if (!ref) throw new CommandError(`Usage: ${usage}`);
  const query = services.db.selectFrom('courses').select(['id', 'slug', 'title', 'published_at']);
  const course = await (
    /^\d{1,9}$/.test(ref) ? query.where('id', '=', Number(ref)) : query.where('slug', '=', ref)
  )
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!course) throw new CommandError(`No course ${ref}`);
  return course;
}

export const contentCommands: CliCommand[] = [
  {
    name: 'import',
    usage: 'import <file.json>',
    summary: 'Load categories, courses, chapters, videos and home blocks (by slug: re-import updates)',
    async run(services, [file], out) {
      if (!file) throw new CommandError('Usage: import <file.json>');
      try {
        const source = path.resolve(file);
        const data = readContentFile(source);
        // Covers and block pictures given as local files are re-encoded and stored first.
        await ingestContentImages(services.storage, data, path.dirname(source));
        const summary = await importContent(services.db, data, {
          dataDir: services.env.dataDir,
          now: services.now(),
          baseDir: path.dirname(source),
          maxVideoBytes: services.env.media.maxUploadBytes,
        });
        out.line(
          `Imported ${summary.categories} categories, ${summary.courses} courses, ${summary.chapters} chapters, ` +
            `${summary.videos} videos, ${summary.attachments} attachments, ${summary.blocks} blocks`,
        );
      } catch (error) {
        if (error instanceof ContentFileError || error instanceof ContentImageError)
          throw new CommandError(error.message);
        throw error;
      }
    },
  },
  {
    name: 'export',
    usage: 'export [file.json]',
    summary: 'Write the catalogue and home blocks in the import format (to stdout without a file)',
    async run(services, [file], out) {
      const text = JSON.stringify(await exportContent(services.db, services.env.dataDir), null, 2);
      if (!file) {
        out.line(text);
        return;
      }
      fs.writeFileSync(path.resolve(file), `${text}\n`);
      out.line(`Exported to ${path.resolve(file)}`);
    },
  },
  {
    name: 'course:publish',
    usage: 'course:publish <id|slug>',
    summary: 'Show a course on the lists, publishing it now if it was not yet published',
    async run(services, [ref], out) {
      const course = await findCourse(services, ref, 'course:publish <id|slug>');
      const now = services.now();
      const publishedAt = course.published_at && course.published_at <= now ? course.published_at : now;
      await services.db
        .updateTable('courses')
        .set({ is_show: 1, published_at: publishedAt, updated_at: now })
        .where('id', '=', course.id)
        .execute();
      out.line(`Published course ${course.id} (${course.slug}) ${course.title}`);
    },
  },
  {
    name: 'course:hide',
    usage: 'course:hide <id|slug>',
    summary: 'Take a course off the lists and search (direct links and bought access keep working)',
    async run(services, [ref], out) {
      const course = await findCourse(services, ref, 'course:hide <id|slug>');
      await services.db
        .updateTable('courses')
        .set({ is_show: 0, updated_at: services.now() })
        .where('id', '=', course.id)
        .execute();
      out.line(`Hid course ${course.id} (${course.slug}) ${course.title}`);
    },
  },
];
