import { describe, expect, it } from 'vitest';
import { PUBLIC_URL_FIELDS, withAbsoluteHtmlUrls, withAbsoluteUrls } from './public-urls';

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

describe('withAbsoluteHtmlUrls', () => {
  it('prefixes the site paths of pictures, videos and srcset candidates inside tags', () => {
    const html =
      '<p>第一章</p><img src="/storage/images/a.png" alt="图"><video poster=\'/images/p.jpg\' src="/media/v.mp4"></video>' +
      '<img srcset="/images/s-1x.png 1x, /images/s-2x.png 2x, https://cdn.example.cn/s.png 3x">';
    expect(withAbsoluteHtmlUrls(html, BASE)).toBe(
      `<p>第一章</p><img src="${BASE}/storage/images/a.png" alt="图"><video poster='${BASE}/images/p.jpg' src="${BASE}/media/v.mp4"></video>` +
        `<img srcset="${BASE}/images/s-1x.png 1x, ${BASE}/images/s-2x.png 2x, https://cdn.example.cn/s.png 3x">`,
    );
  });

  it('prefixes links to files but leaves links to pages, other hosts and text alone', () => {
    const html =
      '<a href="/storage/files/讲义.pdf">讲义</a> <a href="/uploads/code.zip?v=2">代码</a> ' +
      '<a href="/vod/detail?id=3">下一门课</a> <a href="/page/about.html">关于</a> ' +
      '<a href="https://example.cn/a.pdf">外链</a> <img src="//cdn.example.cn/a.png"> src="/not/a/tag.png"';
    expect(withAbsoluteHtmlUrls(html, BASE)).toBe(
      `<a href="${BASE}/storage/files/讲义.pdf">讲义</a> <a href="${BASE}/uploads/code.zip?v=2">代码</a> ` +
        '<a href="/vod/detail?id=3">下一门课</a> <a href="/page/about.html">关于</a> ' +
        '<a href="https://example.cn/a.pdf">外链</a> <img src="//cdn.example.cn/a.png"> src="/not/a/tag.png"',
    );
  });

  it('applies to HTML in any field of an answer, copying what changes only', () => {
    const course = { render_desc: '<img src="/upload/d.png">', title: '课程', thumb: '/upload/t.png' };
    const data = {
      course,
      announcement: { announcement: '<p><img src="/images/n.png"></p>' },
      plain: 'a < b',
    };
    const result = withAbsoluteUrls(data, BASE);
    expect(result).toEqual({
      course: {
        render_desc: `<img src="${BASE}/upload/d.png">`,
        title: '课程',
        thumb: `${BASE}/upload/t.png`,
      },
      announcement: { announcement: `<p><img src="${BASE}/images/n.png"></p>` },
      plain: 'a < b',
    });
    expect(course.render_desc).toBe('<img src="/upload/d.png">');
    const same = { render_desc: '<p>没有图片</p>' };
    expect(withAbsoluteUrls(same, BASE)).toBe(same);
  });
});
