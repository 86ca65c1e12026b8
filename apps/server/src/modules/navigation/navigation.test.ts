import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FriendLink, Nav, Slider } from '@kezhan/contract/navigation';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runCommand } from '../../cli/run-command';
import { seedDemoNavigation } from './demo-seed';

describe('PC navigation, links and sliders (CLI → API)', () => {
  let t: TestApp;
  const cli = (...argv: string[]) => runCommand(t.services, argv);
  const get = <T>(url: string) => t.request<T>({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers empty lists before anything is configured', async () => {
    for (const url of ['/api/v2/navs', '/api/v2/links', '/api/v2/sliders?platform=PC']) {
      expect(await get(url)).toMatchObject({ statusCode: 200, code: 0, data: [] });
    }
  });

  it('serves the demo chrome with the MeEdu row shapes', async () => {
    await seedDemoNavigation(t.services);
    const navs = (await get<Nav[]>('/api/v2/navs')).data;
    expect(navs.map((n) => n.name)).toEqual(['首页', '全部课程', '会员中心']);
    expect(Object.keys(navs[0]).sort()).toEqual(
      [
        'active_routes',
        'blank',
        'children',
        'created_at',
        'id',
        'name',
        'parent_id',
        'platform',
        'sort',
        'updated_at',
        'url',
      ].sort(),
    );
    const links = (await get<FriendLink[]>('/api/v2/links')).data;
    expect(links).toHaveLength(1);
    const sliders = (await get<Slider[]>('/api/v2/sliders?platform=PC')).data;
    expect(sliders[0]).toMatchObject({
      thumb: 'http://api.test/demo/banners/banner-1.png',
      url: '/courses',
      platform: 'PC',
      deleted_at: null,
    });
    expect((await get<Slider[]>('/api/v2/sliders?platform=H5')).data).toEqual([]);
  });

  it('nests children under their parent and removes a parent with its children', async () => {
    const [first] = (await get<Nav[]>('/api/v2/navs')).data;
    const added = await cli(
      'nav:add',
      '--name',
      'Python',
      '--url',
      '/courses?category_id=1',
      '--parent',
      String(first.id),
      '--blank',
    );
    expect(added.output[0]).toMatch(/^Added navigation item \d+: Python$/);
    const navs = (await get<Nav[]>('/api/v2/navs')).data;
    expect(navs).toHaveLength(3);
    expect(navs[0].children).toMatchObject([{ name: 'Python', blank: 1, parent_id: first.id }]);
    expect((await cli('nav:remove', String(first.id))).exitCode).toBe(0);
    expect((await get<Nav[]>('/api/v2/navs')).data.map((n) => n.name)).toEqual(['全部课程', '会员中心']);
  });

  it('refuses bad CLI input with a reason and a non-zero exit', async () => {
    expect(await cli('nav:add', '--url', '/x')).toEqual({ exitCode: 1, output: ['--name is required'] });
    expect((await cli('nav:add', '--name', 'x', '--url', '/x', '--parent', '99999')).output).toEqual([
      'No top-level PC navigation item 99999',
    ]);
    expect((await cli('link:add', '--name', 'x', '--url', '/x', '--sort', '-1')).output).toEqual([
      '--sort must be a whole number',
    ]);
    expect((await cli('slider:remove', '99999')).output).toEqual(['No slider 99999']);
    expect((await cli('link:remove')).output).toEqual(['Usage: link:remove <id>']);
  });
});
