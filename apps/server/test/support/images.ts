import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';

/**
 * Small, genuinely decodable images built byte by byte, for tests (no fixtures, no image library).
 * Each is a single flat colour.
 */

function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), body])));
  return Buffer.concat([head, body, crc]);
}

/** An 8-bit RGBA PNG; `noise` adds incompressible rows (to reach a given file size). */
export function makePng(width: number, height: number, options: { noise?: boolean } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const row = 1 + width * 4;
  const raw = options.noise ? randomBytes(row * height) : Buffer.alloc(row * height, 0x80);
  for (let y = 0; y < height; y += 1) raw[y * row] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline greyscale JPEG: one quantisation table, one-code Huffman tables, every block flat grey. */
export function makeJpeg(width: number, height: number): Buffer {
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const oneCodeTable = (tableClass: number) => [tableClass << 4, 1, ...new Array(15).fill(0), 0x00];
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  // Each block is "DC difference 0" then "end of block": one 1-bit code each, both '0'.
  const bits = blocks * 2;
  const scan = new Array(Math.ceil(bits / 8)).fill(0);
  if (bits % 8) scan[scan.length - 1] = (1 << (8 - (bits % 8))) - 1;
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xdb, [0x00, ...new Array(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, oneCodeTable(0)),
    ...segment(0xc4, oneCodeTable(1)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    0xff,
    0xd9,
  ]);
}

/** A lossless (VP8L) WebP whose five prefix codes each hold one symbol, so pixels take no bits. */
export function makeWebp(width: number, height: number, argb = [0xff, 0x20, 0x80, 0xc0]): Buffer {
  const out: number[] = [0x2f];
  let acc = 0;
  let count = 0;
  const put = (value: number, n: number) => {
    for (let i = 0; i < n; i += 1) {
      acc |= ((value >> i) & 1) << count;
      count += 1;
      if (count === 8) {
        out.push(acc);
        acc = 0;
        count = 0;
      }
    }
  };
  put(width - 1, 14);
  put(height - 1, 14);
  put(1, 1); // alpha used
  put(0, 3); // version
  put(0, 1); // no transform
  put(0, 1); // no colour cache
  put(0, 1); // no meta prefix codes
  const [alpha, red, green, blue] = argb;
  for (const symbol of [green, red, blue, alpha, 0]) {
    put(1, 1); // simple code
    put(0, 1); // one symbol
    put(1, 1); // 8-bit symbol
    put(symbol, 8);
  }
  if (count > 0) out.push(acc);
  const body = Buffer.from(out);
  const padded = body.length % 2 ? Buffer.concat([body, Buffer.alloc(1)]) : body;
  const chunkHead = Buffer.alloc(8);
  chunkHead.write('VP8L', 0, 'latin1');
  chunkHead.writeUInt32LE(body.length, 4);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + 8 + padded.length, 4);
  riff.write('WEBP', 8, 'latin1');
  return Buffer.concat([riff, chunkHead, padded]);
}

/** A multipart/form-data body with one file part. */
export function multipartBody(
  field: string,
  filename: string,
  contentType: string,
  content: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----kezhan-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
