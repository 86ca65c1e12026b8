import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { failure } from '../../shared/http/envelope';
import { LocalFileStorage } from './local-file-storage';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** Serves the local storage folder at `/storage/*` (only files we stored; nothing is listed). */
export default async function localStorageRoutes(app: FastifyInstance) {
  const { storage } = app.services;
  if (!(storage instanceof LocalFileStorage)) return;

  app.get<{ Params: { '*': string } }>('/storage/*', async (request, reply) => {
    const file = storage.pathOf(request.params['*']);
    const type = file ? CONTENT_TYPES[path.extname(file).toLowerCase()] : undefined;
    const stat = file && type ? await fs.promises.stat(file).catch(() => null) : null;
    if (!file || !type || !stat?.isFile()) return reply.status(404).send(failure('文件不存在', 404));
    return (
      reply
        .header('content-type', type)
        .header('content-length', stat.size)
        .header('x-content-type-options', 'nosniff')
        // Keys are random and never rewritten, so a file can be cached forever.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(fs.createReadStream(file))
    );
  });
}
