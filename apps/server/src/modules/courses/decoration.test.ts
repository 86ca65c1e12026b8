import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViewBlock } from '@kezhan/contract/courses';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedDemoCatalogue } from '../../seed/demo-catalogue';

describe('decoration pages (GET /api/v2/decorationPage/blocks)', () => {
  let t: TestApp;
  const blocks = (query: string) =>
    t.request<ViewBlock[]>({ method: 'GET', url: `/api/v2/decorationPage/blocks${query}` });

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoCatalogue(t.services);
  });
  afterAll(() => t.close());

  it('serves the h5 home by page key alone, each block carrying its decoration page', async () => {
    const res = await blocks('?page_name=h5-page-index');
    expect(res.code).toBe(0);
    expect(res.data).toHaveLength(8);
    expect(res.data.every((b) => b.decoration_page_id === 2 && b.platform === 'h5')).toBe(true);
    // A platform sent by an older client changes nothing.
    expect((await blocks('?page_name=h5-page-index&platform=pc')).data).toEqual(res.data);
  });

  it('serves the PC home: a pc-slider and a pc-vod-v1 with full courses', async () => {
    const res = await blocks('?page_name=pc-page-index');
    expect(res.data.map((b) => b.sign)).toEqual(['pc-slider', 'pc-vod-v1']);
    expect(res.data[0].config_render).toEqual([
      { src: 'http://api.test/demo/banners/banner-1-acca63f6.750x300.jpg', href: '/courses' },
      { src: 'http://api.test/demo/banners/banner-2-a21ed0f1.750x300.jpg', href: '/vip' },
    ]);
    const vod = res.data[1].config_render as { title: string; items: { id: number; category: unknown }[] };
    expect(vod.title).toBe('推荐课程');
    expect(vod.items).toHaveLength(4);
    expect(vod.items[0]).toHaveProperty('category');
    expect(res.data.every((b) => b.decoration_page_id === 1)).toBe(true);
  });

  it('an unknown page is an empty list; a missing page_name is the literal message', async () => {
    expect(await blocks('?page_name=nothing')).toMatchObject({ code: 0, data: [] });
    for (const query of ['', '?page_name=', '?platform=h5']) {
      expect(await blocks(query)).toMatchObject({ code: 1, message: 'page_name参数不能为空' });
    }
  });

  it('keeps the 2024 viewBlock path per platform and without decoration_page_id', async () => {
    const res = await t.request<ViewBlock[]>({
      method: 'GET',
      url: '/api/v2/viewBlock/page/blocks?platform=pc&page_name=pc-page-index',
    });
    expect(res.data.map((b) => b.sign)).toEqual(['pc-slider', 'pc-vod-v1']);
    expect(res.data.some((b) => 'decoration_page_id' in b)).toBe(false);
  });
});
