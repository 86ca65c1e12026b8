import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inspectImage } from './image-inspect';
import { makeJpeg, makePng, makeWebp } from '../../../test/support/images';

describe('inspectImage: what the bytes really are', () => {
  it('recognises PNG, JPEG and lossless WebP and reads their dimensions', async () => {
    expect(await inspectImage(makePng(5, 3))).toEqual({
      format: 'png',
      mime: 'image/png',
      ext: 'png',
      width: 5,
      height: 3,
    });
    expect(await inspectImage(makeJpeg(17, 9))).toEqual({
      format: 'jpeg',
      mime: 'image/jpeg',
      ext: 'jpg',
      width: 17,
      height: 9,
    });
    expect(await inspectImage(makeWebp(7, 4))).toEqual({
      format: 'webp',
      mime: 'image/webp',
      ext: 'webp',
      width: 7,
      height: 4,
    });
  });

  it('reads the dimensions of a lossy (VP8) WebP frame header', async () => {
    const frame = Buffer.alloc(30);
    frame.writeUIntLE((10 << 5) | (1 << 4), 0, 3); // key frame, version 0, shown, first partition 10 bytes
    frame.set([0x9d, 0x01, 0x2a], 3);
    frame.writeUInt16LE(640, 6);
    frame.writeUInt16LE(480, 8);
    const riff = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 \0\0\0\0', 'latin1'), frame]);
    riff.writeUInt32LE(riff.length - 8, 4);
    riff.writeUInt32LE(frame.length, 16);
    expect(await inspectImage(riff)).toMatchObject({ format: 'webp', width: 640, height: 480 });
  });

  it('refuses text, SVG, GIF, BMP and empty input whatever they would be called', async () => {
    const refused = [
      Buffer.from('just some text pretending to be x.png'),
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]),
      Buffer.alloc(0),
    ];
    for (const bytes of refused) expect(await inspectImage(bytes)).toBeNull();
  });

  it('refuses a PNG that only starts like one: truncated, bad checksum, or image data that does not inflate', async () => {
    const png = makePng(4, 4);
    expect(await inspectImage(png.subarray(0, 40))).toBeNull();
    const badCrc = Buffer.from(png);
    badCrc[29] ^= 0xff; // inside IHDR's checksum
    expect(await inspectImage(badCrc)).toBeNull();
    const header = Buffer.from(png.subarray(0, 33));
    const garbage = Buffer.from('not zlib data at all');
    const idat = Buffer.alloc(12 + garbage.length);
    idat.writeUInt32BE(garbage.length, 0);
    idat.write('IDAT', 4, 'latin1');
    garbage.copy(idat, 8);
    idat.writeUInt32BE(zlib.crc32(idat.subarray(4, 8 + garbage.length)), 8 + garbage.length);
    const end = png.subarray(png.length - 12);
    expect(await inspectImage(Buffer.concat([header, idat, end]))).toBeNull();
  });

  it('refuses a PNG whose pixel data is shorter than its declared size (a lying header)', async () => {
    const small = makePng(4, 4);
    const lying = Buffer.from(small);
    lying.writeUInt32BE(400, 16); // width 400, data still for 4
    lying.writeUInt32BE(zlib.crc32(lying.subarray(12, 29)), 29);
    expect(await inspectImage(lying)).toBeNull();
  });

  it('refuses absurd dimensions (decompression bombs)', async () => {
    const huge = makePng(1, 1);
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(zlib.crc32(huge.subarray(12, 29)), 29);
    expect(await inspectImage(huge)).toBeNull();
    expect(await inspectImage(makeJpeg(5000, 8))).toBeNull();
  });

  it('refuses images that would decode to more than 12 megapixels or 48 MB, before inflating them', async () => {
    // 4096 × 4096 × 16-bit RGBA: 128 MB once decoded, though the file is tiny.
    const bomb = makePng(1, 1);
    bomb.writeUInt32BE(4096, 16);
    bomb.writeUInt32BE(4096, 20);
    bomb[24] = 16;
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    expect(await inspectImage(bomb)).toBeNull();
    expect(await inspectImage(makePng(4096, 4096))).toBeNull();
    expect(await inspectImage(makeJpeg(4096, 4096))).toBeNull();
    expect(await inspectImage(makeJpeg(4032, 3024))).toMatchObject({ width: 4032, height: 3024 });
    expect(await inspectImage(makePng(2048, 1536))).toMatchObject({ width: 2048, height: 1536 });
  });

  it('refuses a JPEG without frame, scan or end, and a WebP with a broken chunk', async () => {
    const jpeg = makeJpeg(8, 8);
    expect(await inspectImage(jpeg.subarray(0, 20))).toBeNull();
    expect(await inspectImage(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
    expect(await inspectImage(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    const webp = Buffer.from(makeWebp(4, 4));
    webp.writeUInt32LE(9999, 16);
    expect(await inspectImage(webp)).toBeNull();
    const wrongSignature = Buffer.from(makeWebp(4, 4));
    wrongSignature[20] = 0x00;
    expect(await inspectImage(wrongSignature)).toBeNull();
  });
});
