import { describe, expect, it } from 'vitest';
import { PUBLIC_URL_FIELDS, withAbsoluteUrls } from './public-urls';

const BASE = 'https://api.example.cn';

describe('withAbsoluteUrls', () => {
  it('prefixes site paths under picture and file keys at any depth, in objects and arrays', () => {
    const data = {
      avatar: '/images/default_avatar.png',
      course: { thumb: '/demo/cover.png', title: '/not/a/picture' },
      goods: [{ goods_thumb: '/upload/a.jpg' }, { goods_thumb: '' }],
      blocks: [{ config_render: { items: [{ src: '/upload/b.png', href: '/vod' }] } }],
      logo: { logo: '/logo.png', white_logo: '/white.png' },
      player: { cover: '/images/player-thumb.png' },
    };
    expect(withAbsoluteUrls(data, BASE)).toEqual({
      avatar: `${BASE}/images/default_avatar.png`,
      course: { thumb: `${BASE}/demo/cover.png`, title: '/not/a/picture' },
      goods: [{ goods_thumb: `${BASE}/upload/a.jpg` }, { goods_thumb: '' }],
      blocks: [{ config_render: { items: [{ src: `${BASE}/upload/b.png`, href: '/vod' }] } }],
      logo: { logo: `${BASE}/logo.png`, white_logo: `${BASE}/white.png` },
      player: { cover: `${BASE}/images/player-thumb.png` },
    });
  });

  it('leaves absolute, protocol-relative and data addresses, page links and paginator paths alone', () => {
    const data = {
      thumb: 'https://cdn.example.cn/a.png',
      avatar: '//cdn.example.cn/b.png',
      icon: 'data:image/png;base64,AAAA',
      url: '/courses',
      href: '/vod/detail?id=1',
      path: 'api/v2/courses',
      first_page_url: 'api/v2/courses?page=1',
    };
    expect(withAbsoluteUrls(data, BASE)).toBe(data);
  });

  it('never modifies what it was given (answers may be cached) and copies only what changes', () => {
    const untouched = { name: '课程', tags: ['a'] };
    const data = { list: [{ thumb: '/a.png' }, untouched], meta: { total: 2 } };
    const frozen = structuredClone(data);
    const result = withAbsoluteUrls(data, BASE);
    expect(data).toEqual(frozen);
    expect(result.list[1]).toBe(untouched);
    expect(result.meta).toBe(data.meta);
    expect(withAbsoluteUrls(null, BASE)).toBeNull();
    expect(withAbsoluteUrls([], BASE)).toEqual([]);
    expect(withAbsoluteUrls('/images/a.png', BASE)).toBe('/images/a.png');
  });

  it('names every picture field the member API declares', () => {
    expect([...PUBLIC_URL_FIELDS].sort()).toEqual([
      'avatar',
      'cover',
      'goods_thumb',
      'icon',
      'logo',
      'poster',
      'qrcode',
      'src',
      'thumb',
      'white_logo',
    ]);
  });
});
