import type { FastifyInstance } from 'fastify';
import {
  adminCoursesApi,
  COURSE_COVER_FIELD,
  COURSE_COVER_MAX_BYTES,
  COURSE_COVER_MESSAGES,
  COURSE_COVER_RATIO,
} from '@kezhan/contract/admin/courses';
import { ok } from '../../shared/http/envelope';
import { audit } from './audit';
import { adminRoute } from './guard';
import { acceptImageUploads, readImageUpload, storeUploadedImage } from './image-upload';

/**
 * Course cover uploads of the console (the address then goes into the course's `thumb`): cropped
 * around its centre to the h5's cover ratio.
 */
export default async function adminCoverRoutes(app: FastifyInstance) {
  const services = app.services;
  await acceptImageUploads(app, COURSE_COVER_MAX_BYTES);

  adminRoute(app, adminCoursesApi.cover, async (request) => {
    const content = await readImageUpload(request, {
      field: COURSE_COVER_FIELD,
      maxBytes: COURSE_COVER_MAX_BYTES,
      messages: COURSE_COVER_MESSAGES,
    });
    const { url, width, height, size } = await storeUploadedImage(services, content, {
      kind: 'cover',
      folder: 'images/course-cover',
      messages: COURSE_COVER_MESSAGES,
      ratio: COURSE_COVER_RATIO,
    });
    await audit(services.db, request, {
      action: 'course.cover',
      targetType: 'image',
      after: { url, width, height, size },
    });
    return ok({ url, width, height });
  });
}
