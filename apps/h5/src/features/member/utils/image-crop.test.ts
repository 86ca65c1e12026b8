import { describe, expect, it } from 'vitest';
import { AVATAR_TEXT, checkAvatarSource, clampOffset, squareCropRect } from './image-crop';

const file = (type: string, size = 1000) => new File([new Uint8Array(size)], 'a', { type });

describe('checkAvatarSource', () => {
  it('accepts JPEG, PNG and WebP', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp'])
      expect(checkAvatarSource(file(type))).toBeNull();
  });
  it('refuses other types with the original message', () => {
    expect(checkAvatarSource(file('image/gif'))).toBe(AVATAR_TEXT.badType);
    expect(checkAvatarSource(file('application/pdf'))).toBe('图片格式错误,请上传png/jpg/jpeg格式的图片');
  });
  it('refuses sources over 10 MB before decoding them', () => {
    expect(checkAvatarSource(file('image/png', 10 * 1024 * 1024 + 1))).toBe('图片大小不超过10M');
  });
});

describe('squareCropRect', () => {
  const base = { viewport: 280, zoom: 1, offsetX: 0, offsetY: 0 };

  it('takes the centre square of a landscape picture', () => {
    expect(squareCropRect({ ...base, width: 600, height: 400 })).toEqual({ sx: 100, sy: 0, size: 400 });
  });

  it('takes the centre square of a portrait picture', () => {
    expect(squareCropRect({ ...base, width: 300, height: 900 })).toEqual({ sx: 0, sy: 300, size: 300 });
  });

  it('zooming in takes a smaller centre square', () => {
    expect(squareCropRect({ ...base, width: 400, height: 400, zoom: 2 })).toEqual({
      sx: 100,
      sy: 100,
      size: 200,
    });
  });

  it('panning moves the square, never past the picture edge', () => {
    // 600×400 at 280 px: scale 0.7, the picture is 420 px wide on screen, so it may move 70 px.
    expect(squareCropRect({ ...base, width: 600, height: 400, offsetX: 35 })).toEqual({
      sx: 50,
      sy: 0,
      size: 400,
    });
    expect(squareCropRect({ ...base, width: 600, height: 400, offsetX: 500 })).toEqual({
      sx: 0,
      sy: 0,
      size: 400,
    });
    expect(squareCropRect({ ...base, width: 600, height: 400, offsetX: -500 })).toEqual({
      sx: 200,
      sy: 0,
      size: 400,
    });
  });

  it('clampOffset keeps the viewport covered', () => {
    expect(clampOffset({ ...base, width: 600, height: 400, offsetX: 100, offsetY: 30 })).toEqual({
      offsetX: 70,
      offsetY: 0,
    });
  });
});
