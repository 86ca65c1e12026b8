import { http } from '@/shared/http/client';

/** Multipart, the image in field `file` (JPEG/PNG/WebP, at most 1 MB). */
export function uploadAvatar(image: Blob, filename = 'avatar.jpg') {
  const form = new FormData();
  form.append('file', image, filename);
  return http.post<[]>('/api/v2/member/detail/avatar', form);
}
