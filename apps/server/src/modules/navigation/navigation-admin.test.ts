import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FriendLink, Nav, Slider } from '@kezhan/contract/navigation';
import type { AdminLink, AdminNav, AdminSlider } from '@kezhan/contract/admin/site-navigation';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { makePng, multipartBody } from '../../../test/support/images';

/**
 * The console's PC site screens: navigation with children, friend links and sliders, each listed,
 * created, edited, deleted and reordered; the MeEdu endpoints answer every change at once (the
 * clock is stopped, so the site content cache would otherwise keep the old answer).
 */
describe('console: PC navigation, friend links, sliders', () => {
  let t: TestApp;
  let editor: AdminClient;
  let support: AdminClient;
  let finance: AdminClient;
  const clock = new Date('2026-11-27T08:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    editor = await signedInAdmin(t, 'content', 'editor');
    support = await signedInAdmin(t, 'support', 'helpdesk');
    finance = await signedInAdmin(t, 'finance', 'cashier');
  });
  afterAll(() => t.close());

  const publicGet = async <T>(url: string) => (await t.request<T>({ method: 'GET', url })).data;
  const send = <T = unknown>(
    client: AdminClient,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => client.request<T>({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const adminNavs = async () =>
    (await editor.request<AdminNav[]>({ method: 'GET', url: '/api/admin/navs?platform=PC' })).data;

  it('refuses the roles without 首页装修 and a change without the CSRF token', async () => {
    for (const client of [support, finance]) {
      for (const [method, url] of [
        ['GET', '/api/admin/navs'],
        ['POST', '/api/admin/navs'],
        ['PUT', '/api/admin/nav-order'],
        ['GET', '/api/admin/links'],
        ['DELETE', '/api/admin/sliders/1'],
        ['POST', '/api/admin/sliders/image'],
      ] as const) {
        expect(
          await client.request({ method, url, payload: method === 'GET' ? undefined : {} }),
        ).toMatchObject({
          code: 403,
          message: '没有权限执行此操作',
        });
      }
    }
    const noCsrf = await editor.request({
      method: 'POST',
      url: '/api/admin/links',
      payload: { name: '课栈', url: '/' },
      csrf: false,
    });
    expect(noCsrf).toMatchObject({ code: 403, message: '页面已过期，请刷新后重试' });
    expect(await t.request({ method: 'GET', url: '/api/admin/navs' })).toMatchObject({ code: 401 });
  });

  it('creates navigation with children, shown at once by /api/v2/navs, audited', async () => {
    expect(await publicGet<Nav[]>('/api/v2/navs')).toEqual([]);
    const ids: number[] = [];
    for (const name of ['首页', '全部课程', '会员中心']) {
      const created = await send<{ id: number }>(editor, 'POST', '/api/admin/navs', {
        name,
        url: '/' + ids.length,
      });
      expect(created.code).toBe(0);
      ids.push(created.data.id);
    }
    const child = await send<{ id: number }>(editor, 'POST', '/api/admin/navs', {
      name: 'Python',
      url: 'https://kezhan.example/python',
      parent_id: ids[1],
      blank: true,
    });
    expect(child.code).toBe(0);
    const navs = await publicGet<Nav[]>('/api/v2/navs');
    expect(navs.map((n) => [n.name, n.sort])).toEqual([
      ['首页', 1],
      ['全部课程', 2],
      ['会员中心', 3],
    ]);
    expect(navs[1].children).toMatchObject([{ name: 'Python', blank: 1, parent_id: ids[1], sort: 1 }]);
    const [row] = await auditRows(t, 'nav.create');
    expect(row).toMatchObject({
      administrator_name: 'editor',
      target_type: 'nav',
      target_id: String(ids[0]),
    });
    expect(row.after).toMatchObject({ name: '首页', url: '/0', platform: 'PC' });
  });

  it('refuses unsafe links, a third level and unknown parents in Chinese', async () => {
    const [first, second] = await adminNavs();
    const cases: [unknown, string][] = [
      [{ name: 'x', url: 'javascript:alert(1)' }, '链接须以 / 或 http:// 、https:// 开头'],
      [{ name: 'x', url: '//evil.example' }, '链接须以 / 或 http:// 、https:// 开头'],
      [{ name: '', url: '/' }, '请输入导航名称（最多 64 字）'],
      [{ name: 'x', url: '/', parent_id: second.children[0].id }, '上级导航不存在'],
      [{ name: 'x', url: '/', parent_id: 99999 }, '上级导航不存在'],
      [{ name: 'x', url: '/', platform: 'TV' }, '平台须为 PC 或 H5'],
    ];
    for (const [body, message] of cases) {
      expect(await send(editor, 'POST', '/api/admin/navs', body)).toMatchObject({ code: 1, message });
    }
    const moveParent = await send(editor, 'PUT', `/api/admin/navs/${second.id}`, {
      name: second.name,
      url: second.url,
      parent_id: first.id,
    });
    expect(moveParent).toMatchObject({ code: 1, message: '有下级导航的项目不能移到其它导航下' });
    expect(await send(editor, 'PUT', '/api/admin/navs/99999', { name: 'x', url: '/' })).toMatchObject({
      code: 404,
      message: '导航不存在',
    });
  });

  it('reorders one level exactly as sent; a stale or foreign list is refused and nothing moves', async () => {
    const navs = await adminNavs();
    const reversed = navs.map((n) => n.id).reverse();
    expect(
      await send(editor, 'PUT', '/api/admin/nav-order', { platform: 'PC', parent_id: 0, ids: reversed }),
    ).toMatchObject({ code: 0 });
    const after = await publicGet<Nav[]>('/api/v2/navs');
    expect(after.map((n) => n.id)).toEqual(reversed);
    expect(after.map((n) => n.sort)).toEqual([1, 2, 3]);
    expect(after.find((n) => n.name === '全部课程')!.children).toHaveLength(1);

    const mismatch = '排序列表与当前内容不一致，请刷新后重试';
    for (const ids of [
      reversed.slice(0, 2),
      [...reversed.slice(0, 2), navs[1].children[0].id],
      [reversed[0], reversed[0], reversed[1]],
    ]) {
      expect(
        await send(editor, 'PUT', '/api/admin/nav-order', { platform: 'PC', parent_id: 0, ids }),
      ).toMatchObject({
        code: 1,
        message: mismatch,
      });
    }
    expect((await publicGet<Nav[]>('/api/v2/navs')).map((n) => n.id)).toEqual(reversed);
    const [row] = await auditRows(t, 'nav.reorder');
    expect(row.before).toMatchObject({ ids: navs.map((n) => n.id) });
    expect(row.after).toMatchObject({ ids: reversed });
  });

  it('edits an item and deletes a parent with its children', async () => {
    const parent = (await adminNavs()).find((n) => n.name === '全部课程')!;
    expect(
      await send(editor, 'PUT', `/api/admin/navs/${parent.id}`, {
        name: '课程',
        url: '/courses',
        active_routes: 'courses',
      }),
    ).toMatchObject({ code: 0 });
    expect((await publicGet<Nav[]>('/api/v2/navs')).find((n) => n.id === parent.id)).toMatchObject({
      name: '课程',
      url: '/courses',
      active_routes: 'courses',
    });
    expect(await send(editor, 'DELETE', `/api/admin/navs/${parent.id}`)).toMatchObject({ code: 0 });
    expect((await publicGet<Nav[]>('/api/v2/navs')).map((n) => n.name)).toEqual(['会员中心', '首页']);
    expect(
      await t.services.db.selectFrom('navs').select('id').where('parent_id', '=', parent.id).execute(),
    ).toEqual([]);
    const [row] = await auditRows(t, 'nav.delete');
    expect((row.before as unknown as { name: string }[]).map((r) => r.name).sort()).toEqual([
      'Python',
      '课程',
    ]);
  });

  it('friend links: create, edit, reorder and delete, each shown by /api/v2/links at once', async () => {
    const a = await send<{ id: number }>(editor, 'POST', '/api/admin/links', {
      name: '课栈',
      url: 'https://kezhan.example',
    });
    const b = await send<{ id: number }>(editor, 'POST', '/api/admin/links', { name: '文档', url: '/docs' });
    expect((await publicGet<FriendLink[]>('/api/v2/links')).map((l) => l.name)).toEqual(['课栈', '文档']);
    expect(await send(editor, 'PUT', '/api/admin/link-order', { ids: [b.data.id, a.data.id] })).toMatchObject(
      { code: 0 },
    );
    expect((await publicGet<FriendLink[]>('/api/v2/links')).map((l) => l.name)).toEqual(['文档', '课栈']);
    expect(
      await send(editor, 'PUT', `/api/admin/links/${a.data.id}`, {
        name: '课栈官网',
        url: 'https://kezhan.example',
      }),
    ).toMatchObject({ code: 0 });
    expect(await send(editor, 'DELETE', `/api/admin/links/${b.data.id}`)).toMatchObject({ code: 0 });
    expect((await publicGet<FriendLink[]>('/api/v2/links')).map((l) => l.name)).toEqual(['课栈官网']);
    const listed = await editor.request<AdminLink[]>({ method: 'GET', url: '/api/admin/links' });
    expect(listed.data).toEqual([
      { id: a.data.id, name: '课栈官网', url: 'https://kezhan.example', sort: 2 },
    ]);
    expect((await auditRows(t, 'link.update'))[0].before).toMatchObject({ name: '课栈' });
    expect(await send(editor, 'DELETE', `/api/admin/links/${b.data.id}`)).toMatchObject({
      code: 404,
      message: '友情链接不存在',
    });
  });

  it('sliders: uploads the image through the pipeline, then create, reorder per platform, delete', async () => {
    const { payload, headers } = multipartBody('file', 'banner.png', 'image/png', makePng(1800, 600));
    const image = await editor.request<{ url: string; width: number; height: number }>({
      method: 'POST',
      url: '/api/admin/sliders/image',
      payload,
      headers,
    });
    expect(image).toMatchObject({ code: 0, data: { width: 1500, height: 500 } });
    expect(image.data.url).toMatch(/\/storage\/images\/slider\/\d{4}\/\d{2}\/[0-9a-f]{20}\.1500x500\.png$/);
    expect((await auditRows(t, 'slider.image'))[0].after).toMatchObject({ url: image.data.url });
    const notImage = multipartBody('file', 'x.png', 'image/png', Buffer.from('not an image'));
    expect(
      await editor.request({ method: 'POST', url: '/api/admin/sliders/image', ...notImage }),
    ).toMatchObject({ code: 1, message: '请上传 JPEG、PNG 或 WebP 格式的图片' });

    const first = await send<{ id: number }>(editor, 'POST', '/api/admin/sliders', {
      thumb: image.data.url,
      url: '/courses',
    });
    const second = await send<{ id: number }>(editor, 'POST', '/api/admin/sliders', {
      thumb: '/demo/banners/banner-2.png',
    });
    const h5 = await send<{ id: number }>(editor, 'POST', '/api/admin/sliders', {
      thumb: '/demo/banners/banner-3.png',
      platform: 'h5',
    });
    expect(h5.code).toBe(0);
    expect(await send(editor, 'POST', '/api/admin/sliders', { thumb: 'javascript:alert(1)' })).toMatchObject({
      code: 1,
      message: '链接须以 / 或 http:// 、https:// 开头',
    });
    expect((await publicGet<Slider[]>('/api/v2/sliders?platform=PC')).map((s) => s.id)).toEqual([
      first.data.id,
      second.data.id,
    ]);
    // Reordering PC is refused when the list names the H5 slider.
    expect(
      await send(editor, 'PUT', '/api/admin/slider-order', {
        platform: 'PC',
        ids: [second.data.id, h5.data.id],
      }),
    ).toMatchObject({ code: 1, message: '排序列表与当前内容不一致，请刷新后重试' });
    expect(
      await send(editor, 'PUT', '/api/admin/slider-order', {
        platform: 'PC',
        ids: [second.data.id, first.data.id],
      }),
    ).toMatchObject({ code: 0 });
    const pc = await publicGet<Slider[]>('/api/v2/sliders?platform=PC');
    expect(pc.map((s) => [s.id, s.sort])).toEqual([
      [second.data.id, 1],
      [first.data.id, 2],
    ]);
    expect(pc[0].thumb).toBe('http://api.test/demo/banners/banner-2.png');
    expect((await publicGet<Slider[]>('/api/v2/sliders?platform=H5')).map((s) => s.id)).toEqual([h5.data.id]);

    expect(
      await send(editor, 'PUT', `/api/admin/sliders/${h5.data.id}`, {
        thumb: '/demo/banners/banner-3.png',
        platform: 'PC',
      }),
    ).toMatchObject({ code: 0 });
    const listed = await editor.request<AdminSlider[]>({
      method: 'GET',
      url: '/api/admin/sliders?platform=PC',
    });
    expect(listed.data.map((s) => [s.id, s.sort])).toEqual([
      [second.data.id, 1],
      [first.data.id, 2],
      [h5.data.id, 3],
    ]);
    expect(await send(editor, 'DELETE', `/api/admin/sliders/${first.data.id}`)).toMatchObject({ code: 0 });
    expect((await publicGet<Slider[]>('/api/v2/sliders?platform=PC')).map((s) => s.id)).toEqual([
      second.data.id,
      h5.data.id,
    ]);
    expect((await auditRows(t, 'slider.delete'))[0].before).toMatchObject({
      id: first.data.id,
      url: '/courses',
    });
  });
});
