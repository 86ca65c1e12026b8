import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { emptyData, idParam, idParams } from '../shapes';
import { COURSE_ATTACHMENT_EXTENSIONS, COURSE_ATTACHMENT_FIELD } from './attachment-rules';

export const adminCourseAttachment = z.strictObject({
  id: z.number(),
  name: z.string(),
  /** Bytes (0 for an attachment given by address). */
  size: z.number(),
  extension: z.string(),
  download_times: z.number(),
  /** ISO */
  created_at: z.string(),
});
export type AdminCourseAttachment = z.infer<typeof adminCourseAttachment>;

export const adminAttachmentParams = z.object({ id: idParam(), attachmentId: idParam() });

const attachmentEndpoint = { tag: 'admin', auth: 'admin' } as const;

/** A course's attachments (课件/资料) in the console: the same rows members download. */
export const adminCourseAttachmentsApi = {
  list: defineEndpoint({
    ...attachmentEndpoint,
    method: 'GET',
    path: '/api/admin/courses/:id/attachments',
    permission: 'course.view',
    summary: "A course's attachments, oldest first",
    params: idParams,
    data: z.array(adminCourseAttachment),
  }),
  upload: defineEndpoint({
    ...attachmentEndpoint,
    method: 'POST',
    path: '/api/admin/courses/:id/attachments',
    permission: 'course.edit',
    summary: 'Upload an attachment to a course (streamed to DATA_DIR/attach under a random name)',
    description:
      'Multipart: `file`, and optionally `name`, the display name members see (default: the file name; ' +
      'its extension is added when missing).',
    params: idParams,
    upload: {
      field: COURSE_ATTACHMENT_FIELD,
      description: `At most 100 MB; ${COURSE_ATTACHMENT_EXTENSIONS.join(', ')}`,
    },
    data: adminCourseAttachment,
  }),
  remove: defineEndpoint({
    ...attachmentEndpoint,
    method: 'DELETE',
    path: '/api/admin/courses/:id/attachments/:attachmentId',
    permission: 'course.edit',
    summary: 'Remove an attachment of the course, and its file when this server holds it',
    params: adminAttachmentParams,
    data: emptyData,
  }),
};
