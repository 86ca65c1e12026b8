import fs from 'node:fs';
import path from 'node:path';
import type { AdminImportSummary } from '@kezhan/contract/admin/courses';
import type { AppServices } from '../../services';
import { BusinessError } from '../../shared/http/errors';
import { attachmentDir } from '../courses/attachments';
import { exportContent } from '../courses/content-export';
import { ContentFileError } from '../courses/content-file';
import { importContent } from '../courses/content-import';
import { mediaRoot } from '../media/ingest';

export const FOREIGN_FILE_MESSAGE = '内容文件引用了服务器上的其它文件，请改用 url，或在控制台上传视频';

const realPath = (file: string) => {
  try {
    return fs.realpathSync(file);
  } catch {
    return path.resolve(file);
  }
};

/** Every local file a content file names: video sources, trial files, attachments. */
function namedFiles(content: Record<string, unknown>): string[] {
  const files: string[] = [];
  const visit = (value: unknown, key = '') => {
    if (Array.isArray(value)) value.forEach((item) => visit(item));
    else if (value && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) visit(item, name);
    } else if ((key === 'file' || key === 'trial_file') && typeof value === 'string') files.push(value);
  };
  visit(content.courses);
  return files;
}

/**
 * A content file from a browser may name only files this server already holds (video sources and
 * attachments, as its own export does): never an arbitrary path on the server.
 */
function checkFiles(dataDir: string, content: Record<string, unknown>) {
  const allowed = [path.join(mediaRoot(dataDir), 'sources'), attachmentDir(dataDir)].map(realPath);
  for (const file of namedFiles(content)) {
    const resolved = realPath(path.resolve(dataDir, file));
    if (!allowed.some((root) => resolved.startsWith(root + path.sep)))
      throw new BusinessError(FOREIGN_FILE_MESSAGE);
  }
}

export async function importFromConsole(
  services: AppServices,
  content: Record<string, unknown>,
): Promise<AdminImportSummary> {
  const { dataDir, media } = services.env;
  checkFiles(dataDir, content);
  try {
    return await importContent(services.db, content, {
      baseDir: dataDir,
      dataDir,
      now: services.now(),
      maxVideoBytes: media.maxUploadBytes,
    });
  } catch (error) {
    if (error instanceof ContentFileError) throw new BusinessError(`内容文件有误：${error.message}`);
    throw error;
  }
}

export const exportFromConsole = (services: AppServices) => exportContent(services.db, services.env.dataDir);
