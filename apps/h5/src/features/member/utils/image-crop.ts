/** The server keeps avatars up to 1 MB (contract AVATAR_MAX_BYTES); ours are far smaller. */
export const AVATAR_MAX_BYTES = 1024 * 1024;
/** Side of the square avatar we upload, in pixels. */
export const AVATAR_SIZE = 400;
/** Photos straight from a phone camera are fine; anything larger is refused before decoding. */
export const SOURCE_MAX_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export const AVATAR_TEXT = {
  badType: '图片格式错误,请上传png/jpg/jpeg格式的图片',
  sourceTooLarge: '图片大小不超过10M',
  tooLarge: '图片大小不超过1M',
  unreadable: '图片无法读取，请换一张试试',
} as const;

/** Why a picked file cannot become an avatar, or null when it can. */
export function checkAvatarSource(file: File): string | null {
  if (!ACCEPTED_TYPES.includes(file.type)) return AVATAR_TEXT.badType;
  if (file.size > SOURCE_MAX_BYTES) return AVATAR_TEXT.sourceTooLarge;
  return null;
}

export interface CropRect {
  sx: number;
  sy: number;
  size: number;
}

export interface CropView {
  /** Natural size of the picture. */
  width: number;
  height: number;
  /** Side of the square viewport on screen. */
  viewport: number;
  /** 1 = the short side fills the viewport. */
  zoom: number;
  /** Pan of the picture's centre from the viewport's centre, in screen pixels. */
  offsetX: number;
  offsetY: number;
}

/** Screen pixels per picture pixel. */
export function cropScale(view: Pick<CropView, 'width' | 'height' | 'viewport' | 'zoom'>): number {
  return (view.viewport / Math.min(view.width, view.height)) * view.zoom;
}

/** The furthest the picture may be panned so that it still covers the whole viewport. */
export function clampOffset(view: CropView): { offsetX: number; offsetY: number } {
  const scale = cropScale(view);
  const maxX = Math.max(0, (view.width * scale - view.viewport) / 2);
  const maxY = Math.max(0, (view.height * scale - view.viewport) / 2);
  const clamp = (v: number, max: number) => Math.min(max, Math.max(-max, v));
  return { offsetX: clamp(view.offsetX, maxX), offsetY: clamp(view.offsetY, maxY) };
}

/** The square of the picture (natural pixels) that the viewport shows. */
export function squareCropRect(view: CropView): CropRect {
  const { offsetX, offsetY } = clampOffset(view);
  const scale = cropScale(view);
  const size = view.viewport / scale;
  const sx = (view.width * scale - view.viewport) / 2 / scale - offsetX / scale;
  const sy = (view.height * scale - view.viewport) / 2 / scale - offsetY / scale;
  const fit = (v: number, limit: number) => Math.min(Math.max(0, v), Math.max(0, limit - size));
  return { sx: fit(sx, view.width), sy: fit(sy, view.height), size };
}

export interface LoadedImage {
  image: HTMLImageElement;
  width: number;
  height: number;
  url: string;
}

/** Decodes a picked file; the caller revokes `url` when done. */
export function loadImageFile(file: File): Promise<LoadedImage> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => resolve({ image, width: image.naturalWidth, height: image.naturalHeight, url });
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(AVATAR_TEXT.unreadable));
    };
    image.src = url;
  });
}

function canvasToBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/**
 * Draws the chosen square onto a white canvas (transparent PNGs would turn black in JPEG)
 * and encodes it as JPEG, lowering the quality until it fits the server's limit.
 */
export async function cropToJpeg(
  image: CanvasImageSource,
  rect: CropRect,
  size = AVATAR_SIZE,
  maxBytes = AVATAR_MAX_BYTES,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(AVATAR_TEXT.unreadable);
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size, size);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, rect.sx, rect.sy, rect.size, rect.size, 0, 0, size, size);
  for (const quality of [0.9, 0.8, 0.6, 0.4]) {
    const blob = await canvasToBlob(canvas, quality);
    if (!blob) break;
    if (blob.size <= maxBytes) return blob;
  }
  throw new Error(AVATAR_TEXT.tooLarge);
}
