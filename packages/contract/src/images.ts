/**
 * Sized image variants, known from the address alone.
 *
 * The server re-encodes every cover, banner and avatar it takes in and stores it as
 * `<stem>.<width>x<height>.<jpg|png>` (the address the MeEdu API fields carry, valid for any
 * client) beside WebP copies `<stem>.<width>x<height>.w<N>.webp`, one per width of
 * IMAGE_WIDTHS below the image's own width plus one at its own width. The h5 builds a `srcset`
 * from such an address; any other address (e.g. from a plain MeEdu server) is shown as it is.
 */

/** Widths (px) of the WebP copies: phone layouts at 1×–3× density. */
export const IMAGE_WIDTHS = [128, 256, 384, 512, 640, 768, 1024, 1280] as const;

/**
 * `sizes` of a home banner: the page's width (at most 750 px) less its 15 px margins. The server
 * preloads the first banner with the same value, so the browser picks the same copy twice.
 */
export const HOME_BANNER_SIZES = '(min-width: 750px) 720px, calc(100vw - 30px)';

/** `sizes` of a course cover in a list row (128 px wide). */
export const COURSE_COVER_SIZES = '128px';

/** The picture of a member without one (the site's setting `member.default_avatar` by default). */
export const DEFAULT_AVATAR = '/images/default_avatar.png';

/** `sizes` of the cover at the top of a course's page: the page's width, at most 750 px. */
export const COURSE_DETAIL_COVER_SIZES = '(min-width: 750px) 750px, 100vw';

/** The `srcset` of the WebP copies. */
export const webpSrcset = (image: SizedImage) =>
  image.webp.map(([width, address]) => `${address} ${width}w`).join(', ');

const SIZED_ADDRESS = /^(.*\/[A-Za-z0-9_-]+)\.([1-9]\d{0,4})x([1-9]\d{0,4})\.(jpg|png)$/;

export interface SizedImage {
  /** The address without `.<width>x<height>.<ext>`. */
  base: string;
  width: number;
  height: number;
  /** Extension of the fallback (the address itself). */
  ext: 'jpg' | 'png';
  /** `[width, address]` of each WebP copy, narrowest first. */
  webp: [number, string][];
}

/** The widths of the WebP copies of an image `width` pixels wide. */
export function variantWidths(width: number): number[] {
  return [...IMAGE_WIDTHS.filter((w) => w < width), width];
}

export function sizedImageName(stem: string, width: number, height: number, ext: 'jpg' | 'png'): string {
  return `${stem}.${width}x${height}.${ext}`;
}

export function webpVariantName(stem: string, width: number, height: number, variantWidth: number): string {
  return `${stem}.${width}x${height}.w${variantWidth}.webp`;
}

/** The variants of an address written by the server's image pipeline; null for any other address. */
export function sizedImage(address: string | null | undefined): SizedImage | null {
  const match = typeof address === 'string' ? SIZED_ADDRESS.exec(address) : null;
  if (!match) return null;
  const [, base, w, h, ext] = match;
  const width = Number(w);
  const height = Number(h);
  return {
    base,
    width,
    height,
    ext: ext as SizedImage['ext'],
    webp: variantWidths(width).map((n) => [n, webpVariantName(base, width, height, n)]),
  };
}
