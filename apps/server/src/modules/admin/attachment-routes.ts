import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { adminCourseAttachmentsApi } from '@kezhan/contract/admin/attachments';
import { COURSE_ATTACHMENT_MAX_BYTES } from '@kezhan/contract/admin/attachment-rules';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { attachmentDir } from '../courses/attachments';
import {
  attachmentSnapshot,
  deleteCourseAttachment,
  insertCourseAttachment,
  listCourseAttachments,
  receiveAttachment,
  removeFile,
} from './attachment-admin';
import { audit } from './audit';
import { requireLiveCourse } from './course-admin';
import { adminRoute } from './guard';

/** A course's attachments (课件/资料) in the console: listed, uploaded to DATA_DIR/attach, removed. */
export default async function adminAttachmentRoutes(app: FastifyInstance) {
  const { db, env, now } = app.services;
  await app.register(multipart, {
    limits: { fileSize: COURSE_ATTACHMENT_MAX_BYTES, files: 1 },
    throwFileSizeLimit: true,
  });

  adminRoute(app, adminCourseAttachmentsApi.list, async (request) => {
    await requireLiveCourse(db, request.params.id);
    return ok(await listCourseAttachments(db, request.params.id));
  });

  adminRoute(app, adminCourseAttachmentsApi.upload, async (request) => {
    const courseId = request.params.id;
    await requireLiveCourse(db, courseId);
    const root = path.resolve(attachmentDir(env.dataDir));
    const received = await receiveAttachment(request, root, String(courseId), COURSE_ATTACHMENT_MAX_BYTES);
    try {
      const attachment = await db.transaction().execute(async (trx) => {
        await requireLiveCourse(trx, courseId);
        const created = await insertCourseAttachment(trx, courseId, received, now());
        await audit(trx, request, {
          action: 'course.attachment.create',
          targetType: 'course_attachment',
          targetId: created.id,
          after: attachmentSnapshot({ ...received, course_id: courseId }),
        });
        return created;
      });
      return ok(attachment);
    } catch (error) {
      await removeFile(received.file);
      throw error;
    }
  });

  adminRoute(app, adminCourseAttachmentsApi.remove, async (request) => {
    const { id, attachmentId } = request.params;
    const { file } = await db.transaction().execute(async (trx) => {
      const removed = await deleteCourseAttachment(trx, env.dataDir, id, attachmentId);
      await audit(trx, request, {
        action: 'course.attachment.delete',
        targetType: 'course_attachment',
        targetId: attachmentId,
        before: removed.before,
      });
      return removed;
    });
    if (file) await removeFile(file);
    return ok(NO_DATA);
  });
}
