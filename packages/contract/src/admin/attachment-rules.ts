/**
 * Rules of the console's course attachment uploads (课件/资料), without zod: the console checks a
 * file with the same list and shows the same texts the server answers with.
 */

/** `POST /api/admin/courses/:id/attachments` — multipart: the file, and an optional display name. */
export const COURSE_ATTACHMENT_FIELD = 'file';
export const COURSE_ATTACHMENT_NAME_FIELD = 'name';
export const COURSE_ATTACHMENT_MAX_BYTES = 100 * 1024 * 1024;
/** Longest display name (the column holds 255; the extension is added when the name lacks it). */
export const COURSE_ATTACHMENT_NAME_MAX = 120;

/** Course material only: documents, archives, pictures, audio. Never pages, scripts or programs. */
export const COURSE_ATTACHMENT_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'ppt',
  'pptx',
  'xls',
  'xlsx',
  'txt',
  'md',
  'zip',
  'rar',
  '7z',
  'png',
  'jpg',
  'jpeg',
  'mp3',
] as const;

export const COURSE_ATTACHMENT_MESSAGES = {
  missing: '请选择要上传的附件',
  badType: '附件只能是 PDF、Word、PPT、Excel、TXT、Markdown、ZIP、RAR、7z、PNG、JPG 或 MP3 文件',
  tooLarge: '附件不能超过 100MB',
  nameTooLong: `附件名称最多 ${COURSE_ATTACHMENT_NAME_MAX} 字`,
  duplicate: '该课程已有同名附件，请改名后再上传',
  notFound: '附件不存在',
  courseNotFound: '课程不存在',
  storeFailed: '附件保存失败，请稍后再试',
} as const;

/** The extension a file name ends with (lower case, without the dot), or '' when it has none. */
export function attachmentExtension(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name.trim());
  return match ? match[1].toLowerCase() : '';
}

export const isAllowedAttachment = (name: string): boolean =>
  (COURSE_ATTACHMENT_EXTENSIONS as readonly string[]).includes(attachmentExtension(name));
