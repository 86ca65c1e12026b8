import { z } from 'zod';

/**
 * Protected video delivery (`/media/hls/…`, `/media/seg/…`). Clients never build these addresses:
 * playinfo answers a signed master playlist address and every address inside the playlists is
 * signed the same way. The shapes are listed for the API reference.
 */
export const mediaScope = z.enum(['full', 'trial']);

export const mediaPlaylistParams = z.object({
  videoId: z.coerce.number().int().positive(),
  scope: mediaScope,
  rendition: z
    .string()
    .regex(/^(\d{2,4}p|src)$/)
    .optional(),
});

export const mediaSegmentParams = z.object({
  videoId: z.coerce.number().int().positive(),
  generation: z.string().regex(/^[a-f0-9]{32}$/),
  scope: mediaScope,
  rendition: z.string().regex(/^(\d{2,4}p|src)$/),
  segment: z.string().regex(/^seg-\d{1,6}\.ts$/),
});

/** `t`: the signed grant `<member id>.<scope>.<expiry, unix seconds>.<HMAC-SHA256>`. */
export const mediaGrantQuery = z.object({ t: z.string().min(1).max(200) });
