import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { StorageError } from '../../providers/storage/file-storage';
import type { AppServices } from '../../services';
import { BusinessError } from '../../shared/http/errors';
import { encodeImage, NotAnImageError, storeImage, type ImageKind } from '../media/images';

/** The Chinese answers of one kind of image upload (a course cover, a slider…). */
export interface ImageUploadMessages {
  missing: string;
  notImage: string;
  tooLarge: string;
  storeFailed: string;
}

export interface ImageUploadRule {
  field: string;
  maxBytes: number;
  messages: ImageUploadMessages;
}

/** Room for the multipart boundaries and part headers around a file of the maximum size. */
const MULTIPART_OVERHEAD = 16 * 1024;

/** Lets the routes of this plugin read one multipart file of at most `maxBytes`. */
export async function acceptImageUploads(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1 }, throwFileSizeLimit: true });
}

/** The request's one file part named `rule.field`, at most `rule.maxBytes`; anything else is refused. */
export async function readImageUpload(request: FastifyRequest, rule: ImageUploadRule): Promise<Buffer> {
  const { messages } = rule;
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > rule.maxBytes + MULTIPART_OVERHEAD) throw new BusinessError(messages.tooLarge);
  if (!request.isMultipart()) throw new BusinessError(messages.missing);
  try {
    const part = await request.file({ limits: { fileSize: rule.maxBytes, files: 1, fields: 10, parts: 20 } });
    if (!part || part.fieldname !== rule.field) {
      part?.file.resume();
      throw new BusinessError(messages.missing);
    }
    const content = await part.toBuffer();
    if (content.length === 0) throw new BusinessError(messages.missing);
    return content;
  } catch (error) {
    if (error instanceof BusinessError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new BusinessError(messages.tooLarge);
    request.log.info({ err: error }, 'unreadable image upload');
    throw new BusinessError(messages.missing);
  }
}

/**
 * Re-encodes an uploaded image like every stored image (judged by content, metadata dropped, WebP
 * copies beside it) and stores it under `folder/<YYYY>/<MM>`. The name comes from the encoded
 * content, so the same picture uploaded twice is one file.
 */
export async function storeUploadedImage(
  services: Pick<AppServices, 'storage' | 'now'>,
  content: Buffer,
  options: {
    kind: ImageKind;
    folder: string;
    messages: ImageUploadMessages;
    ratio?: readonly [number, number];
  },
) {
  let image;
  try {
    image = await encodeImage(
      content,
      options.kind,
      undefined,
      options.ratio ? { ratio: options.ratio } : {},
    );
  } catch (error) {
    if (error instanceof NotAnImageError) throw new BusinessError(options.messages.notImage);
    throw error;
  }
  const month = services.now().toISOString().slice(0, 7).replace('-', '/');
  try {
    const { url } = await storeImage(services.storage, `${options.folder}/${month}`, image);
    return { url, width: image.width, height: image.height, size: image.files[0].body.length };
  } catch (error) {
    if (error instanceof StorageError) throw new BusinessError(options.messages.storeFailed);
    throw error;
  }
}
