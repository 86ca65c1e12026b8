import { createHash } from 'node:crypto';
import type { Metadata, OutputInfo, ResizeOptions } from 'sharp';
import { sizedImage, sizedImageName, variantWidths, webpVariantName } from '@kezhan/contract/images';
import type { FileStorage } from '../../providers/storage/file-storage';

/** What an image is used for: the width it is kept at (never enlarged). */
export const IMAGE_MAX_WIDTH = { avatar: 256, cover: 960, banner: 1500, picture: 1280 } as const;
export type ImageKind = keyof typeof IMAGE_MAX_WIDTH;

/** At most a 12-megapixel phone photo; checked from the header, before anything is decoded. */
export const MAX_IMAGE_PIXELS = 4096 * 3072;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** The bytes are not a JPEG, PNG or WebP that decodes, or it has too many pixels. */
export class NotAnImageError extends Error {}

export interface EncodedFile {
  name: string;
  body: Buffer;
  contentType: string;
}

export interface EncodedImage {
  width: number;
  height: number;
  /** The fallback (JPEG, or PNG when it has transparency) first, then the WebP copies. */
  files: EncodedFile[];
}

type Sharp = typeof import('sharp').default;
let sharpLoaded: Promise<Sharp> | undefined;

/** sharp (libvips, about 23 MB resident) loads with the first image, not with every node's start. */
function loadSharp(): Promise<Sharp> {
  sharpLoaded ??= import('sharp').then((module) => module.default);
  return sharpLoaded;
}

/**
 * Re-encodes an uploaded or seeded image: judged by its content (never its name), turned upright
 * by its EXIF orientation, shrunk to the kind's width, and written anew from bare pixels, so no
 * EXIF, GPS or other metadata of the original survives. Names carry a hash of the content, so
 * every file can be cached for a year.
 */
export async function encodeImage(
  input: Buffer,
  kind: ImageKind,
  stem?: string,
  options: { ratio?: readonly [number, number] } = {},
): Promise<EncodedImage> {
  const sharp = await loadSharp();
  const fromRaw = ({ data, info }: { data: Buffer; info: OutputInfo }) =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const load = () => sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' });
  let pixels: { data: Buffer; info: OutputInfo };
  let opaque: boolean;
  try {
    const meta = await load().metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new NotAnImageError('format');
    pixels = await load()
      .rotate()
      .resize(resizeFor(meta, IMAGE_MAX_WIDTH[kind], options.ratio))
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    opaque = (await fromRaw(pixels).stats()).isOpaque;
  } catch (error) {
    if (error instanceof NotAnImageError) throw error;
    throw new NotAnImageError((error as Error).message);
  }
  const { width, height } = pixels.info;
  const fallback = opaque
    ? await fromRaw(pixels).removeAlpha().jpeg({ quality: 82, mozjpeg: true }).toBuffer()
    : await fromRaw(pixels).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
  const ext = opaque ? 'jpg' : 'png';
  const name = stem ?? createHash('sha256').update(fallback).digest('hex').slice(0, 20);
  const files: EncodedFile[] = [
    {
      name: sizedImageName(name, width, height, ext),
      body: fallback,
      contentType: opaque ? 'image/jpeg' : 'image/png',
    },
  ];
  for (const variantWidth of variantWidths(width)) {
    const body = await fromRaw(pixels)
      .resize({ width: variantWidth })
      .webp({ quality: 78, alphaQuality: 90, effort: 5 })
      .toBuffer();
    files.push({ name: webpVariantName(name, width, height, variantWidth), body, contentType: 'image/webp' });
  }
  return { width, height, files };
}

/**
 * Without a ratio: the kind's width, never enlarged. With one: the largest centred crop of that
 * ratio, shrunk to at most the kind's width, in whole ratio units so the ratio is exact.
 */
function resizeFor(meta: Metadata, maxWidth: number, ratio?: readonly [number, number]): ResizeOptions {
  if (!ratio || !meta.width || !meta.height) return { width: maxWidth, withoutEnlargement: true };
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const [across, down] = ratio;
  const units = Math.max(1, Math.floor(Math.min(maxWidth, width, (height * across) / down) / across));
  return { width: units * across, height: units * down, fit: 'cover', position: 'centre' };
}

/**
 * Stores an encoded image under `folder` and answers the fallback's URL: the single address the
 * MeEdu API fields carry; the WebP copies sit beside it under names derived from it.
 */
export async function storeImage(storage: FileStorage, folder: string, image: EncodedImage) {
  let url = '';
  for (const file of image.files) {
    const stored = await storage.put(`${folder}/${file.name}`, file.body, file.contentType);
    if (!url) url = stored;
  }
  return { url, key: `${folder}/${image.files[0].name}` };
}

/** Every stored key of an image stored by storeImage, given the fallback's key. */
export function imageKeys(key: string): string[] {
  const sized = sizedImage(`/${key}`);
  if (!sized) return [key];
  return [key, ...sized.webp.map(([, address]) => address.slice(1))];
}
