import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SizedImage } from './sized-image';

const OURS = 'http://kezhan.test/storage/images/cover/0a1b2c3d.480x270.jpg';

describe('SizedImage', () => {
  it('offers the WebP copies of an address from our image pipeline, the address as fallback', () => {
    const { container } = render(<SizedImage src={OURS} width={128} height={72} sizes="128px" alt="" />);
    const source = container.querySelector('picture > source')!;
    expect(source.getAttribute('type')).toBe('image/webp');
    expect(source.getAttribute('sizes')).toBe('128px');
    expect(source.getAttribute('srcset')).toBe(
      [128, 256, 384, 480]
        .map((w) => `http://kezhan.test/storage/images/cover/0a1b2c3d.480x270.w${w}.webp ${w}w`)
        .join(', '),
    );
    const img = container.querySelector('picture > img')!;
    expect(img.getAttribute('src')).toBe(OURS);
    expect(img.getAttribute('width')).toBe('128');
    expect(img.getAttribute('height')).toBe('72');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
  });

  it('shows any other address (a plain MeEdu API) as it is, with its box reserved', () => {
    for (const src of [
      'https://meedu.example.com/storage/images/2024/05/abc.png',
      'https://cdn.example.com/cover.480x270.jpg?x-oss-process=image',
      '/c7.png',
    ]) {
      const { container, unmount } = render(
        <SizedImage src={src} width={750} height={300} sizes="100vw" alt="" />,
      );
      expect(container.querySelector('picture')).toBeNull();
      const img = container.querySelector('img')!;
      expect(img.getAttribute('src')).toBe(src);
      expect(img.hasAttribute('srcset')).toBe(false);
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['750', '300']);
      unmount();
    }
  });

  it('falls back to the single address when a WebP copy fails to load', () => {
    const { container } = render(<SizedImage src={OURS} width={128} height={72} sizes="128px" alt="" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('source')).toBeNull();
    expect(container.querySelector('img')!.getAttribute('src')).toBe(OURS);
  });

  it('loads the largest paint at once with high priority', () => {
    const { container } = render(
      <SizedImage src={OURS} width={750} height={300} sizes="100vw" alt="" priority />,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });
});
