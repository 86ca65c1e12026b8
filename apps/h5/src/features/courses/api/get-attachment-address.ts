import type { AttachmentDownloadAddress } from '@kezhan/contract/courses';
import { http } from '@/shared/http/client';

/** The attachment's download address, carrying a single-use ticket rather than the login token. */
export function getAttachmentAddress(courseId: number, attachmentId: number) {
  return http.get<AttachmentDownloadAddress>(`/api/v3/course/${courseId}/attach/${attachmentId}`);
}
