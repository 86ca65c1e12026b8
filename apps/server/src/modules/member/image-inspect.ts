import zlib from 'node:zlib';

export interface ImageInfo {
  format: 'jpeg' | 'png' | 'webp';
  mime: 'image/jpeg' | 'image/png' | 'image/webp';
  ext: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

/** Avatars larger than this on a side are refused (they are shown 64 px wide). */
export const MAX_IMAGE_SIDE = 4096;
/** At most a 12-megapixel phone photo: every viewer decodes the whole image into memory. */
export const MAX_IMAGE_PIXELS = 4096 * 3072;
/** At most this many bytes of decoded PNG image data (a 12-megapixel 8-bit RGBA image). */
export const MAX_DECODED_BYTES = MAX_IMAGE_PIXELS * 4;

class NotAnImage extends Error {}
const fail = (reason: string): never => {
  throw new NotAnImage(reason);
};

function checkSize(width: number, height: number) {
  if (width < 1 || height < 1 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) fail('dimensions');
  if (width * height > MAX_IMAGE_PIXELS) fail('pixels');
}

/**
 * What the bytes really are, judged by content only (never by name or mime header): a JPEG,
 * PNG or WebP whose structure holds together, with its dimensions; null for anything else.
 * PNG image data is fully inflated; JPEG and WebP are checked segment by segment / chunk by chunk.
 */
export async function inspectImage(data: Buffer): Promise<ImageInfo | null> {
  try {
    if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return await inspectPng(data);
    if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
      return inspectJpeg(data);
    if (
      data.length >= 12 &&
      data.toString('latin1', 0, 4) === 'RIFF' &&
      data.toString('latin1', 8, 12) === 'WEBP'
    )
      return inspectWebp(data);
    return null;
  } catch (error) {
    if (error instanceof NotAnImage || error instanceof RangeError) return null;
    throw error;
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_CHANNELS: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

async function inspectPng(data: Buffer): Promise<ImageInfo> {
  let offset = 8;
  let header: {
    width: number;
    height: number;
    bitsPerPixel: number;
    interlaced: boolean;
    paletted: boolean;
  } | null = null;
  let hasPalette = false;
  const idat: Buffer[] = [];
  let ended = false;
  while (!ended) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > data.length) fail('truncated chunk');
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (zlib.crc32(data.subarray(offset + 4, offset + 8 + length)) !== data.readUInt32BE(offset + 8 + length))
      fail('chunk crc');
    if (!header && type !== 'IHDR') fail('IHDR first');
    if (type === 'IHDR') {
      if (header || length !== 13) fail('IHDR');
      const width = body.readUInt32BE(0);
      const height = body.readUInt32BE(4);
      const [depth, colorType, compression, filter, interlace] = body.subarray(8, 13);
      const kind = PNG_CHANNELS[colorType];
      if (!kind?.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1)
        fail('IHDR fields');
      checkSize(width, height);
      // Judged from the header, before any image data is inflated.
      if ((width * height * kind.channels * depth) / 8 > MAX_DECODED_BYTES) fail('decoded size');
      header = {
        width,
        height,
        bitsPerPixel: kind.channels * depth,
        interlaced: interlace === 1,
        paletted: colorType === 3,
      };
    } else if (type === 'PLTE') hasPalette = true;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') ended = true;
    offset = end;
  }
  const { width, height, bitsPerPixel, interlaced, paletted } = header!;
  if (idat.length === 0 || (paletted && !hasPalette)) fail('no image data or palette');
  const rowBytes = (w: number) => 1 + Math.ceil((w * bitsPerPixel) / 8);
  const rows: number[] = [];
  if (interlaced) {
    for (const [x0, y0, dx, dy] of ADAM7) {
      const w = Math.ceil((width - x0) / dx);
      const h = Math.ceil((height - y0) / dy);
      if (w > 0 && h > 0) for (let i = 0; i < h; i += 1) rows.push(rowBytes(w));
    }
  } else {
    for (let i = 0; i < height; i += 1) rows.push(rowBytes(width));
  }
  await checkPngScanlines(Buffer.concat(idat), rows);
  return { format: 'png', mime: 'image/png', ext: 'png', width, height };
}

/** Inflates the image data as a stream (memory stays small) and checks every scanline. */
function checkPngScanlines(compressed: Buffer, rows: number[]): Promise<void> {
  const expected = rows.reduce((sum, row) => sum + row, 0);
  return new Promise((resolve, reject) => {
    const inflate = zlib.createInflate();
    let seen = 0;
    let row = 0;
    let rowStart = 0;
    inflate.on('data', (chunk: Buffer) => {
      for (let i = 0; i < chunk.length;) {
        const position = seen + i;
        if (row >= rows.length) return inflate.destroy(new NotAnImage('too much image data'));
        if (position === rowStart && chunk[i] > 4) return inflate.destroy(new NotAnImage('filter type'));
        const rowEnd = rowStart + rows[row];
        const step = Math.min(chunk.length - i, rowEnd - position);
        i += step;
        if (position + step === rowEnd) {
          row += 1;
          rowStart = rowEnd;
        }
      }
      seen += chunk.length;
    });
    inflate.on('error', (error) => reject(error instanceof NotAnImage ? error : new NotAnImage('inflate')));
    inflate.on('end', () => (seen === expected ? resolve() : reject(new NotAnImage('short image data'))));
    inflate.end(compressed);
  });
}

const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function inspectJpeg(data: Buffer): ImageInfo {
  let offset = 2;
  let size: { width: number; height: number } | null = null;
  let scans = 0;
  for (;;) {
    if (data[offset] !== 0xff) fail('marker expected');
    while (data[offset] === 0xff) offset += 1;
    if (offset >= data.length) fail('truncated');
    const marker = data[offset];
    offset += 1;
    if (marker === 0xd9) break;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd8 || marker === 0x00) fail('unexpected marker');
    const length = data.readUInt16BE(offset);
    if (length < 2 || offset + length > data.length) fail('segment length');
    const segment = data.subarray(offset + 2, offset + length);
    offset += length;
    if (JPEG_SOF.has(marker)) {
      if (size) fail('second frame');
      const components = segment[5];
      if (![8, 12].includes(segment[0]) || ![1, 3, 4].includes(components) || length !== 8 + 3 * components)
        fail('frame header');
      size = { height: segment.readUInt16BE(1), width: segment.readUInt16BE(3) };
      checkSize(size.width, size.height);
    } else if (marker === 0xda) {
      if (!size || segment.length < 6 || segment[0] < 1 || segment[0] > 4) fail('scan header');
      scans += 1;
      // Entropy-coded data runs to the next marker that is not a stuffed 0x00 or a restart.
      while (offset < data.length - 1) {
        if (data[offset] === 0xff) {
          const next = data[offset + 1];
          if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) break;
        }
        offset += 1;
      }
      if (offset >= data.length - 1) fail('unterminated scan');
    }
  }
  if (!size || scans === 0) fail('no image');
  return { format: 'jpeg', mime: 'image/jpeg', ext: 'jpg', ...size! };
}

function inspectWebp(data: Buffer): ImageInfo {
  const riffSize = data.readUInt32LE(4);
  if (riffSize + 8 > data.length || riffSize < 12) fail('riff size');
  const end = 8 + riffSize;
  let offset = 12;
  let canvas: { width: number; height: number } | null = null;
  while (offset + 8 <= end) {
    const type = data.toString('latin1', offset, offset + 4);
    const length = data.readUInt32LE(offset + 4);
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (offset + 8 + length > end) fail('chunk size');
    if (type === 'VP8X') {
      if (offset !== 12 || length < 10) fail('VP8X');
      if (body[0] & 0x02) fail('animated');
      canvas = { width: body.readUIntLE(4, 3) + 1, height: body.readUIntLE(7, 3) + 1 };
      checkSize(canvas.width, canvas.height);
    } else if (type === 'VP8 ' || type === 'VP8L') {
      const frame = type === 'VP8 ' ? vp8Size(body) : vp8lSize(body);
      checkSize(frame.width, frame.height);
      if (canvas && (canvas.width !== frame.width || canvas.height !== frame.height)) fail('canvas');
      return { format: 'webp', mime: 'image/webp', ext: 'webp', ...frame };
    } else if (offset === 12) {
      fail('first chunk');
    }
    offset += 8 + length + (length % 2);
  }
  return fail('no image chunk');
}

function vp8Size(body: Buffer) {
  if (body.length < 10) fail('VP8 frame');
  const tag = body.readUIntLE(0, 3);
  const keyFrame = (tag & 1) === 0;
  const version = (tag >> 1) & 7;
  const firstPartitionSize = tag >> 5;
  if (!keyFrame || version > 3 || firstPartitionSize + 10 > body.length) fail('VP8 frame tag');
  if (body[3] !== 0x9d || body[4] !== 0x01 || body[5] !== 0x2a) fail('VP8 start code');
  return { width: body.readUInt16LE(6) & 0x3fff, height: body.readUInt16LE(8) & 0x3fff };
}

function vp8lSize(body: Buffer) {
  if (body.length < 6 || body[0] !== 0x2f) fail('VP8L signature');
  const bits = body.readUInt32LE(1);
  if (bits >>> 29 !== 0) fail('VP8L version');
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}
