import { UPLOAD_CHUNK_BYTES, type AdminUpload, type AdminVideoMedia } from '@kezhan/contract/admin/videos';
import { api, ApiError } from '@/shared/http';

const RETRIES = 5;

/**
 * Sends a video file in 1 MB pieces. A piece that fails on the network is retried from where the
 * server says the file ends, so a dropped connection costs one piece, not the whole upload.
 */
export async function uploadVideoSource(
  videoId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<AdminVideoMedia> {
  const upload = await api<AdminUpload>('POST', `/api/admin/videos/${videoId}/uploads`, {
    body: { name: file.name, size: file.size },
  });
  const path = `/api/admin/uploads/${upload.upload_id}`;
  let offset = 0;
  let failures = 0;
  while (offset < file.size) {
    try {
      const answer = await api<AdminUpload>('PUT', path, {
        query: { offset },
        bytes: file.slice(offset, offset + UPLOAD_CHUNK_BYTES),
      });
      offset = answer.received;
      failures = 0;
    } catch (error) {
      failures += 1;
      // Network failures (0), a refused offset (1) and the rate limit (429) are worth another try.
      const retriable = !(error instanceof ApiError) || [0, 1, 429].includes(error.code);
      if (failures > RETRIES || !retriable) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * failures));
      offset = (await api<AdminUpload>('GET', path)).received;
    }
    onProgress(offset / file.size);
  }
  return api<AdminVideoMedia>('POST', `${path}/complete`);
}
