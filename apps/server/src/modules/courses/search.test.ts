import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@kezhan/contract/courses';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addCourse, addVideo, FUTURE, PAST } from '../../../test/support/courses';

describe('GET /api/v3/search', () => {
  let t: TestApp;
  let analysis: number;
  let intro: number;
  let described: number;
  let video: number;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.services;
    intro = await addCourse(db, {
      title: 'Python 入门与数据处理',
      short_description: '零基础学 Python',
      thumb: '/demo/covers/p.png',
      charge: 0,
      published_at: new Date('2024-02-01T00:00:00Z'),
    });
    analysis = await addCourse(db, {
      title: '数据分析',
      short_description: '用表格讲故事',
      charge: 9900,
      published_at: new Date('2024-01-01T00:00:00Z'),
    });
    described = await addCourse(db, {
      title: '商业思维',
      render_desc: `<p>${'铺垫'.repeat(80)}本课讲解<b>数据分析</b>的商业应用<script>alert(1)</script></p>`,
    });
    await addCourse(db, { title: '隐藏的数据分析', is_show: 0 });
    await addCourse(db, { title: '未来的数据分析', published_at: FUTURE });
    await addCourse(db, { title: '删除的数据分析', deleted_at: PAST });
    await addCourse(db, { title: '100% 完成率 a_b' });
    video = await addVideo(db, analysis, { title: '数据分析第一课', charge: 500 });
    await addVideo(db, analysis, { title: '数据分析 隐藏', is_show: 0 });
  });
  afterAll(() => t.close());

  const search = (query: string) =>
    t.request<SearchResult>({ method: 'GET', url: `/api/v3/search?${query}` });

  it('needs keywords', async () => {
    expect(await search('keywords=')).toMatchObject({ code: 1, message: '请输入关键字', data: [] });
    expect(await search('')).toMatchObject({ code: 1, message: '请输入关键字' });
    expect(await search(`keywords=${'长'.repeat(101)}`)).toMatchObject({ code: 1 });
    expect(await search('keywords=a&page=abc')).toMatchObject({ code: 1, message: '参数错误' });
  });

  it('finds courses and videos by a Chinese word, title matches first, hidden ones never', async () => {
    const res = await search(`keywords=${encodeURIComponent('数据分析')}&type=0&page=1&size=10`);
    expect(res.code).toBe(0);
    expect(res.data.total).toBe(3);
    expect(res.data.data.map((h) => [h.resource_type, h.resource_id])).toEqual([
      ['vod', analysis],
      ['video', video],
      ['vod', described],
    ]);
    expect(res.data.data[0]).toEqual({
      id: analysis,
      resource_type: 'vod',
      resource_id: analysis,
      title: '数据分析',
      thumb: '',
      short_desc: '用表格讲故事',
      charge: 99,
      desc: '',
      created_at: expect.stringMatching(/\.\d{6}Z$/),
      updated_at: expect.stringMatching(/\.\d{6}Z$/),
      p: '',
    });
    expect(res.data.data[1]).toMatchObject({ desc: null, charge: 5, short_desc: '' });
  });

  it('answers plain text only and a snippet around the keyword', async () => {
    const res = await search(`keywords=${encodeURIComponent('商业应用')}`);
    const hit = res.data.data[0];
    expect(hit.resource_id).toBe(described);
    expect(hit.desc).not.toMatch(/[<>]/);
    expect(hit.desc).not.toContain('alert');
    expect(hit.p).toContain('数据分析 的商业应用');
    expect(hit.p.startsWith('...')).toBe(true);
    expect([...hit.p.replace(/^\.\.\.|\.\.\.$/g, '')].length).toBeLessThanOrEqual(100);
  });

  it('filters by type, needs every term, pages, and treats % and _ literally', async () => {
    const ids = async (query: string) => (await search(query)).data.data.map((h) => h.resource_id);
    expect(await ids(`keywords=${encodeURIComponent('数据分析')}&type=vod`)).toEqual([analysis, described]);
    expect(await ids(`keywords=${encodeURIComponent('数据分析')}&type=video`)).toEqual([video]);
    expect(await ids(`keywords=${encodeURIComponent('数据分析')}&type=live`)).toEqual([]);
    expect(await ids(`keywords=${encodeURIComponent('python 零基础')}`)).toEqual([intro]);
    expect(await ids(`keywords=${encodeURIComponent('python 不存在')}`)).toEqual([]);
    const page2 = await search(`keywords=${encodeURIComponent('数据分析')}&page=2&size=2`);
    expect(page2.data.total).toBe(3);
    expect(page2.data.data.map((h) => h.resource_id)).toEqual([described]);
    expect((await search('keywords=%25')).data.data.map((h) => h.title)).toEqual(['100% 完成率 a_b']);
    expect((await search('keywords=_')).data.total).toBe(1);
  });
});
