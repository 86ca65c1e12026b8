import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * Protected video delivery (`/media/hls/…`, `/media/seg/…`). Clients never build these addresses:
 * playinfo answers a signed master playlist address and every address inside the playlists is
 * signed the same way. A missing, forged, expired or other-video grant answers 403 (never the
 * envelope), so the schemas here accept any string and the server decides.
 */
export const MEDIA_SCOPES = ['full', 'trial'] as const;
export type MediaScope = (typeof MEDIA_SCOPES)[number];

const playlistParams = z.object({
  videoId: z.string().describe('video id'),
  scope: z.string().describe('`full` or `trial`'),
});
const renditionParams = playlistParams.extend({
  rendition: z.string().describe('rendition name, e.g. `360p`'),
});
const segmentParams = renditionParams.extend({
  generation: z.string().describe('the asset generation the segment belongs to'),
  segment: z.string().describe('`seg-N.ts`'),
});

/**
 * `t`: the signed grant `<member id>.<login session>.<scope>.<kind>.<expiry, unix seconds>.<HMAC-SHA256>`
 * (kind `m`: playinfo's, for the master playlist only; `p`: written into playlists).
 */
export const mediaGrantQuery = z.object({
  t: z
    .string()
    .optional()
    .describe('signed grant: member, login session, scope, kind, expiry and their HMAC'),
});

const NOTE =
  'Reached only through the signed address playinfo answers (or a playlist it leads to); a missing, forged, expired or other-video `t`, or one whose login session ended (logout, password change, lock, a newer login under the single-device rule), answers 403.';

const UPLOAD_NOTE =
  'For operators: `t` is an upload grant for one video, from `npm run cli -- media:upload-token <video>`.';
const uploadQuery = z.object({ t: z.string().optional().describe('upload grant for one video') });
const uploadParams = z.object({ uploadId: z.string().describe('upload id') });
export const uploadStatusSchema = z.object({
  offset: z.number(),
  length: z.number(),
  asset_id: z.number().nullable(),
});

export const mediaApi = {
  master: defineEndpoint({
    method: 'GET',
    path: '/media/hls/:videoId/:scope/master.m3u8',
    tag: 'videos',
    summary: 'Master playlist of a protected video (the full ladder, or the trial rendition)',
    description: `${NOTE} The member's entitlement is checked on every request.`,
    params: playlistParams,
    query: mediaGrantQuery,
    answers: 'text/plain',
    note: 'HLS master playlist (`application/vnd.apple.mpegurl`), never cached',
  }),
  playlist: defineEndpoint({
    method: 'GET',
    path: '/media/hls/:videoId/:scope/:rendition/index.m3u8',
    tag: 'videos',
    summary: 'Media playlist of one rendition, with signed key and segment addresses',
    description: `${NOTE} The member's entitlement is checked on every request.`,
    params: renditionParams,
    query: mediaGrantQuery,
    answers: 'text/plain',
    note: 'HLS media playlist (`#EXT-X-KEY:METHOD=AES-128`), never cached',
  }),
  key: defineEndpoint({
    method: 'GET',
    path: '/media/hls/:videoId/:scope/key',
    tag: 'videos',
    summary: 'The AES-128 key of a protected video, for an entitled member only',
    description: `${NOTE} Bought, VIP, free or trial (trial scope only) is re-checked on every request.`,
    params: playlistParams,
    query: mediaGrantQuery,
    answers: 'application/octet-stream',
    note: '16 bytes, never cached',
  }),
  segment: defineEndpoint({
    method: 'GET',
    path: '/media/seg/:videoId/:generation/:scope/:rendition/:segment',
    tag: 'videos',
    summary: 'An AES-128 encrypted MPEG-TS segment (CDN-cacheable)',
    description: NOTE,
    params: segmentParams,
    query: mediaGrantQuery,
    answers: 'application/octet-stream',
    note: 'encrypted `video/mp2t` bytes, cacheable for a year',
  }),
  uploadCreate: defineEndpoint({
    method: 'POST',
    path: '/media/uploads',
    tag: 'videos',
    summary: 'Start a resumable upload of a video source (tus 1.0 creation)',
    description: `${UPLOAD_NOTE} Headers: \`Tus-Resumable: 1.0.0\`, \`Upload-Length\` (at most MEDIA_MAX_UPLOAD_MB), optional \`Upload-Metadata: filename <base64>\`.`,
    query: uploadQuery,
    answers: 'text/plain',
    note: '201 with `Location: /media/uploads/<id>?t=…`; 413 over the size limit; 403 without a valid grant',
  }),
  uploadStatus: defineEndpoint({
    method: 'GET',
    path: '/media/uploads/:uploadId',
    tag: 'videos',
    summary: 'Where an upload stands (also as HEAD, the tus offset request)',
    description: UPLOAD_NOTE,
    params: uploadParams,
    query: uploadQuery,
    answers: 'application/json',
    schema: uploadStatusSchema,
    note: '`Upload-Offset` and `Upload-Length` headers; the body says the same and, once finished, the media asset',
  }),
  uploadAppend: defineEndpoint({
    method: 'PATCH',
    path: '/media/uploads/:uploadId',
    tag: 'videos',
    summary: 'Append bytes at the current offset (tus 1.0 PATCH)',
    description: `${UPLOAD_NOTE} \`Content-Type: application/offset+octet-stream\` and \`Upload-Offset\` equal to the current offset (409 otherwise). The last byte checks the content (415 for anything but a video container) and queues the transcode.`,
    params: uploadParams,
    query: uploadQuery,
    answers: 'text/plain',
    note: '204 with the new `Upload-Offset`; `Kezhan-Asset-Id` once the upload became a media asset',
  }),
  uploadCancel: defineEndpoint({
    method: 'DELETE',
    path: '/media/uploads/:uploadId',
    tag: 'videos',
    summary: 'Abandon an upload (tus 1.0 termination)',
    description: UPLOAD_NOTE,
    params: uploadParams,
    query: uploadQuery,
    answers: 'text/plain',
    note: '204',
  }),
};
