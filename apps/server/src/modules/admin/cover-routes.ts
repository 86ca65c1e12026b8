import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  adminCoursesApi,
  COURSE_COVER_FIELD,
  COURSE_COVER_MAX_BYTES,
  COURSE_COVER_MESSAGES,
  COURSE_COVER_RATIO,
} from '@kezhan/contract/admin/courses';
import { ok } from '../../shared/http/envelope';
import { BusinessError } from '../../shared/http/errors';
import { StorageError } from '../../providers/storage/file-storage';
import type { AppServices } from '../../services';
import { encodeImage, NotAnImageError, storeImage } from '../media/images';
import { audit } from './audit';
import { adminRoute } from './guard';

/** Room for the multipart boundaries and part headers around a file of the maximum size. */
const MULTIPART_OVERHEAD = 16 * 1024;

/** The `file` part of the request: at most COURSE_COVER_MAX_BYTES, anything else is refused. */
async function readCoverUpload(request: FastifyRequest): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > COURSE_COVER_MAX_BYTES + MULTIPART_OVERHEAD) {
    throw new BusinessError(COURSE_COVER_MESSAGES.tooLarge);
  }
  if (!request.isMultipart()) throw new BusinessError(COURSE_COVER_MESSAGES.missing);
  try {
    const part = await request.file({
      limits: { fileSize: COURSE_COVER_MAX_BYTES, files: 1, fields: 10, parts: 20 },
    });
    if (!part || part.fieldname !== COURSE_COVER_FIELD) {
      part?.file.resume();
      throw new BusinessError(COURSE_COVER_MESSAGES.missing);
    }
    const content = await part.toBuffer();
    if (content.length === 0) throw new BusinessError(COURSE_COVER_MESSAGES.missing);
    return content;
  } catch (error) {
    if (error instanceof BusinessError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new BusinessError(COURSE_COVER_MESSAGES.tooLarge);
    }
    request.log.info({ err: error }, 'unreadable cover upload');
    throw new BusinessError(COURSE_COVER_MESSAGES.missing);
  }
}

/**
 * Re-encodes the cover like every stored image (judged by content, metadata dropped, WebP copies
 * beside it), cropped around its centre to the h5's cover ratio. The name comes from the encoded
 * content, so the same picture uploaded twice is one file.
 */
async function storeCover(services: AppServices, content: Buffer) {
  let image;
  try {
    image = await encodeImage(content, 'cover', undefined, { ratio: COURSE_COVER_RATIO });
  } catch (error) {
    if (error instanceof NotAnImageError) throw new BusinessError(COURSE_COVER_MESSAGES.notImage);
    throw error;
  }
  const month = services.now().toISOString().slice(0, 7).replace('-', '/');
  try {
    const { url } = await storeImage(services.storage, `images/course-cover/${month}`, image);
    return { url, width: image.width, height: image.height, size: image.files[0].body.length };
  } catch (error) {
    if (error instanceof StorageError) throw new BusinessError(COURSE_COVER_MESSAGES.storeFailed);
    throw error;
  }
}

/** Course cover uploads of the console (the address then goes into the course's `thumb`). */
export default async function adminCoverRoutes(app: FastifyInstance) {
  const services = app.services;
  await app.register(multipart, {
    limits: { fileSize: COURSE_COVER_MAX_BYTES, files: 1 },
    throwFileSizeLimit: true,
  });

  adminRoute(app, adminCoursesApi.cover, async (request) => {
    const { url, width, height, size } = await storeCover(services, await readCoverUpload(request));
    await audit(services.db, request, {
      action: 'course.cover',
      targetType: 'image',
      after: { url, width, height, size },
    });
    return ok({ url, width, height });
  });
}
