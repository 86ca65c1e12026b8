import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { addCourse, PAST } from '../../../test/support/courses';

/**
 * Navigation, links, sliders and home blocks are answered from a cache like the settings: a change
 * made by the console shows at once, one made elsewhere (another node, the CLI in its own process,
 * straight in the database) within a second.
 */
describe('site content cache', () => {
  let t: TestApp;
  let editor: AdminClient;
  let clock = Date.UTC(2026, 10, 27, 8, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
    editor = await signedInAdmin(t, 'super');
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) => (await t.request<T>({ method: 'GET', url })).data;
  const navNames = async () => (await get<{ name: string }[]>('/api/v2/navs?platform=PC')).map((n) => n.name);
  const h5Blocks = () =>
    get<{ sign: string; config_render: { items?: { title: string }[] } }[]>(
      '/api/v2/viewBlock/page/blocks?platform=h5&page_name=h5-page-index',
    );
  const decorationSigns = async () =>
    (await get<{ sign: string }[]>('/api/v2/decorationPage/blocks?page_name=h5-page-index')).map(
      (b) => b.sign,
    );
  const writtenElsewhere = (name: string) =>
    t.services.db.insertInto('navs').values({ name, url: '/x', platform: 'PC' }).execute();

  it('answers navigation, links and sliders from memory: a change made elsewhere shows within a second', async () => {
    await writtenElsewhere('全部课程');
    expect(await navNames()).toEqual(['全部课程']);
    await writtenElsewhere('会员中心');
    await t.services.db.insertInto('links').values({ name: '课栈', url: 'https://kezhan.example' }).execute();
    expect(await navNames()).toEqual(['全部课程']);
    clock += 999;
    expect(await navNames()).toEqual(['全部课程']);
    clock += 1;
    expect(await navNames()).toEqual(['全部课程', '会员中心']);
    expect((await get<{ name: string }[]>('/api/v2/links')).map((l) => l.name)).toEqual(['课栈']);
  });

  it('an operator command run by this process shows at once', async () => {
    const { runCommand } = await import('../../cli/run-command');
    expect(await navNames()).toEqual(['全部课程', '会员中心']);
    expect(
      (await runCommand(t.services, ['nav:add', '--name', '学习路线', '--url', '/paths'])).exitCode,
    ).toBe(0);
    expect(await navNames()).toEqual(['全部课程', '会员中心', '学习路线']);
  });

  it('a console edit of the home blocks, or of a course they list, shows at once', async () => {
    const courseId = await addCourse(t.services.db, { title: '缓存课', is_show: 1, published_at: PAST });
    const save = (blocks: unknown) =>
      editor.request({ method: 'PUT', url: '/api/admin/home-blocks', payload: { blocks } });
    expect((await save([{ sign: 'blank', config: { height: 12, bgcolor: '#fff' } }])).code).toBe(0);
    expect((await h5Blocks()).map((b) => b.sign)).toEqual(['blank']);
    expect(await decorationSigns()).toEqual(['blank']);

    const vod = { sign: 'h5-vod-v1', config: { title: '推荐课程', items: [{ id: courseId }] } };
    expect((await save([vod])).code).toBe(0);
    const [block] = await h5Blocks();
    expect(block.config_render.items!.map((c) => c.title)).toEqual(['缓存课']);
    expect(await decorationSigns()).toEqual(['h5-vod-v1']);

    const hidden = await editor.request({
      method: 'PUT',
      url: `/api/admin/courses/${courseId}/shelf`,
      payload: { is_show: 0 },
    });
    expect(hidden.code).toBe(0);
    expect((await h5Blocks())[0].config_render.items).toEqual([]);
  });
});
