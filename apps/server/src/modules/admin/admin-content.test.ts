import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PERMISSION_DENIED_MESSAGE } from './guard';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';

interface CourseList {
  data: { id: number; title: string; slug: string; is_show: number; category_name: string }[];
  total: number;
}

describe('operator console: courses, categories, settings', () => {
  let t: TestApp;
  let editor: AdminClient;
  let support: AdminClient;
  let superAdmin: AdminClient;
  let categoryId: number;

  beforeAll(async () => {
    t = await createTestApp();
    editor = await signedInAdmin(t, 'content', 'editor');
    support = await signedInAdmin(t, 'support', 'helpdesk');
    superAdmin = await signedInAdmin(t, 'super', 'boss');
  });
  afterAll(() => t.close());

  const h5Titles = async () => {
    const page = await t.request<{ data: { title: string }[] }>({
      method: 'GET',
      url: '/api/v2/courses?page_size=100',
    });
    return page.data.data.map((course) => course.title);
  };

  it('creates a category, and refuses a duplicate slug with a Chinese message', async () => {
    const created = await editor.request<{ id: number }>({
      method: 'POST',
      url: '/api/admin/categories',
      payload: { name: '数据分析', slug: 'data', sort: 3 },
    });
    expect(created.code).toBe(0);
    categoryId = created.data.id;
    const again = await editor.request({
      method: 'POST',
      url: '/api/admin/categories',
      payload: { name: '重复', slug: 'data' },
    });
    expect(again).toMatchObject({ code: 1, message: '链接标识已被使用' });
    const [row] = await auditRows(t, 'category.create');
    expect(row).toMatchObject({ administrator_name: 'editor', target_id: String(categoryId), before: null });
    expect(row.after).toEqual({ name: '数据分析', slug: 'data', parent_id: 0, sort: 3 });
  });

  it('checks a course with Chinese messages', async () => {
    const post = (payload: object) => editor.request({ method: 'POST', url: '/api/admin/courses', payload });
    const valid = { title: 'SQL 入门', slug: 'sql-basics', category_id: categoryId, charge: 99 };
    expect(await post({ ...valid, title: '  ' })).toMatchObject({ code: 1, message: '请输入课程名称' });
    expect(await post({ ...valid, slug: 'SQL 入门' })).toMatchObject({
      code: 1,
      message: '链接标识只能包含小写字母、数字和短横线，最长 119 位',
    });
    expect(await post({ ...valid, charge: -1 })).toMatchObject({
      code: 1,
      message: '价格须为金额，最多两位小数（如 19.9）',
    });
    // A third decimal is refused, never rounded; yuan beyond the range too.
    for (const charge of [19.999, '19.901', '1e3', 'abc']) {
      expect(await post({ ...valid, charge })).toMatchObject({
        code: 1,
        message: '价格须为金额，最多两位小数（如 19.9）',
      });
    }
    expect(await post({ ...valid, charge: 1000000.01 })).toMatchObject({
      code: 1,
      message: '价格须在 0 到 1000000 元之间',
    });
    expect(await post({ ...valid, charge: undefined })).toMatchObject({ code: 1, message: '请输入价格' });
    expect(await post({ ...valid, charge: ' ' })).toMatchObject({ code: 1, message: '请输入价格' });
    expect(await post({ ...valid, category_id: 99999 })).toMatchObject({ code: 1, message: '分类不存在' });
    expect(await post({ ...valid, published_at: 'tomorrow' })).toMatchObject({
      code: 1,
      message: '上架时间格式错误',
    });
    expect(await auditRows(t, 'course.create')).toHaveLength(0);
  });

  let courseId: number;
  it('creates a course off shelf with a sanitised description, audited; publishing shows it in the h5', async () => {
    const created = await editor.request<{ id: number }>({
      method: 'POST',
      url: '/api/admin/courses',
      payload: {
        title: 'SQL 入门',
        slug: 'sql-basics',
        category_id: categoryId,
        charge: 99,
        short_description: '从零学 SQL',
        render_desc: '<p onclick="steal()">查询<script>alert(1)</script></p>',
      },
    });
    expect(created.code).toBe(0);
    courseId = created.data.id;
    const detail = await editor.request<{
      render_desc: string;
      is_show: number;
      published_at: string | null;
    }>({
      method: 'GET',
      url: `/api/admin/courses/${courseId}`,
    });
    expect(detail.data).toMatchObject({ render_desc: '<p>查询</p>', is_show: 0, published_at: null });
    expect(await h5Titles()).not.toContain('SQL 入门');
    const [createdRow] = await auditRows(t, 'course.create');
    expect(createdRow.after).toMatchObject({ title: 'SQL 入门', charge: 99, is_show: 0 });

    const publish = await editor.request({
      method: 'PUT',
      url: `/api/admin/courses/${courseId}/shelf`,
      payload: { is_show: 1 },
    });
    expect(publish.code).toBe(0);
    expect(await h5Titles()).toContain('SQL 入门');
    const [published] = await auditRows(t, 'course.publish');
    expect(published.before).toEqual({ is_show: 0, published_at: null });
    expect(published.after).toMatchObject({ is_show: 1 });
  });

  it('lists with search, filters and sort', async () => {
    await editor.request({
      method: 'POST',
      url: '/api/admin/courses',
      payload: {
        title: '免费的 Excel 课',
        slug: 'excel-free',
        category_id: categoryId,
        charge: 0,
        is_show: 1,
      },
    });
    const list = (query: string) =>
      editor.request<CourseList>({ method: 'GET', url: `/api/admin/courses?${query}` });
    expect((await list('keyword=sql')).data.data.map((c) => c.slug)).toEqual(['sql-basics']);
    expect((await list(`category_id=${categoryId}&charge=free`)).data.data.map((c) => c.slug)).toEqual([
      'excel-free',
    ]);
    expect((await list(`category_id=${categoryId}&sort=price_desc`)).data.data.map((c) => c.slug)).toEqual([
      'sql-basics',
      'excel-free',
    ]);
    const paged = await list(`category_id=${categoryId}&page=2&page_size=1&sort=oldest`);
    expect(paged.data).toMatchObject({ total: 2, data: [{ slug: 'excel-free', category_name: '数据分析' }] });
    expect(await list('page_size=500')).toMatchObject({ code: 1, message: '参数错误' });
  });

  it('edits a course with before/after in the audit log', async () => {
    const update = await editor.request({
      method: 'PUT',
      url: `/api/admin/courses/${courseId}`,
      payload: { title: 'SQL 从入门到精通', slug: 'sql-basics', category_id: categoryId, charge: 19.9 },
    });
    expect(update.code).toBe(0);
    const [row] = await auditRows(t, 'course.update');
    expect(row).toMatchObject({
      administrator_name: 'editor',
      target_type: 'course',
      target_id: String(courseId),
    });
    expect(row.before).toMatchObject({ title: 'SQL 入门', charge: 99 });
    expect(row.after).toMatchObject({ title: 'SQL 从入门到精通', charge: 19.9 });
    const listed = await editor.request<{ data: { slug: string; charge: number }[] }>({
      method: 'GET',
      url: '/api/admin/courses?keyword=SQL',
    });
    expect(listed.data.data.find((course) => course.slug === 'sql-basics')?.charge).toBe(19.9);
    expect(await h5Titles()).toContain('SQL 从入门到精通');
  });

  it('puts a course on the shelf from its form with an empty publish time: published now, in the h5', async () => {
    const created = await editor.request<{ id: number }>({
      method: 'POST',
      url: '/api/admin/courses',
      payload: { title: '表单上架的课', slug: 'form-shelf', category_id: categoryId, charge: 19 },
    });
    const form = {
      title: '表单上架的课',
      slug: 'form-shelf',
      category_id: categoryId,
      charge: 19,
      published_at: null,
    };
    const put = (isShow: number) =>
      editor.request({
        method: 'PUT',
        url: `/api/admin/courses/${created.data.id}`,
        payload: { ...form, is_show: isShow },
      });
    expect((await put(0)).code).toBe(0);
    expect(await h5Titles()).not.toContain('表单上架的课');
    expect((await put(1)).code).toBe(0);
    expect(await h5Titles()).toContain('表单上架的课');
    const lastUpdate = async () => (await auditRows(t, 'course.update')).at(-1)!;
    const row = await lastUpdate();
    expect(row.before).toMatchObject({ is_show: 0, published_at: null });
    expect(row.after).toMatchObject({ is_show: 1, published_at: expect.stringMatching(/^\d{4}-/) });
    // Saved again with the time still empty in the form: the first publish time stays.
    const published = (row.after as { published_at: string }).published_at;
    expect((await put(1)).code).toBe(0);
    expect((await lastUpdate()).after).toMatchObject({ published_at: published });
  });

  it('lets 客服 look at courses but not change them, and nothing is written', async () => {
    expect((await support.request({ method: 'GET', url: `/api/admin/courses/${courseId}` })).code).toBe(0);
    const attempts = [
      {
        method: 'PUT' as const,
        url: `/api/admin/courses/${courseId}`,
        payload: { title: 'x', slug: 'x', category_id: categoryId, charge: 0 },
      },
      { method: 'PUT' as const, url: `/api/admin/courses/${courseId}/shelf`, payload: { is_show: 0 } },
      { method: 'DELETE' as const, url: `/api/admin/courses/${courseId}` },
      {
        method: 'POST' as const,
        url: '/api/admin/courses',
        payload: { title: 'x', slug: 'y', category_id: categoryId, charge: 0 },
      },
    ];
    for (const attempt of attempts) {
      expect(await support.request(attempt)).toMatchObject({ code: 403, message: PERMISSION_DENIED_MESSAGE });
    }
    expect(await h5Titles()).toContain('SQL 从入门到精通');
    const rows = await t.services.db
      .selectFrom('admin_audit_logs')
      .select('id')
      .where('administrator_name', '=', 'helpdesk')
      .where('action', '!=', 'session.login')
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('takes a course off shelf, and deletes it softly', async () => {
    await editor.request({
      method: 'PUT',
      url: `/api/admin/courses/${courseId}/shelf`,
      payload: { is_show: 0 },
    });
    expect(await h5Titles()).not.toContain('SQL 从入门到精通');
    expect(await auditRows(t, 'course.unpublish')).toHaveLength(1);
    expect(
      await editor.request({ method: 'DELETE', url: `/api/admin/categories/${categoryId}` }),
    ).toMatchObject({
      code: 1,
      message: '该分类下还有课程或子分类，不能删除',
    });
    expect((await editor.request({ method: 'DELETE', url: `/api/admin/courses/${courseId}` })).code).toBe(0);
    expect(await editor.request({ method: 'GET', url: `/api/admin/courses/${courseId}` })).toMatchObject({
      code: 1,
      message: '课程不存在',
    });
    const row = await t.services.db
      .selectFrom('courses')
      .select(['deleted_at'])
      .where('id', '=', courseId)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await auditRows(t, 'course.delete'))[0].before).toMatchObject({ title: 'SQL 从入门到精通' });
  });

  it('shows settings grouped with credentials as set / not set, and saves checked values', async () => {
    const read = await superAdmin.request<{
      settings: { key: string; group: string; value: string }[];
      secrets: { name: string; is_set: boolean }[];
    }>({
      method: 'GET',
      url: '/api/admin/settings',
    });
    expect(read.code).toBe(0);
    expect(read.data.settings.find((s) => s.key === 'name')).toMatchObject({ group: '站点', value: '课栈' });
    expect(read.data.settings.find((s) => s.key === 'payment.alipay.enabled')).toMatchObject({
      group: '支付',
    });
    expect(read.data.settings.find((s) => s.key === 'protocol.user')).toMatchObject({ group: '协议' });
    expect(read.data.secrets.find((s) => s.name === 'ALIPAY_PRIVATE_KEY')).toEqual({
      name: 'ALIPAY_PRIVATE_KEY',
      label: '支付宝应用私钥',
      is_set: false,
    });

    const save = (values: object) =>
      superAdmin.request({ method: 'PUT', url: '/api/admin/settings', payload: { values } });
    expect(await save({ name: '新名字', 'login.limit.rule': 'abc' })).toMatchObject({
      code: 1,
      message: '1 = 不限制登录设备；3 = 仅允许最后登录的设备（login.limit.rule）须为整数',
    });
    expect(await save({ secret_thing: '1' })).toMatchObject({
      code: 1,
      message: '未知的设置项：secret_thing',
    });
    expect(
      (await t.request<{ webname: string }>({ method: 'GET', url: '/api/v2/other/config' })).data.webname,
    ).toBe('课栈');

    expect((await save({ name: '数据学院', 'member.enabled_face_verify': true, icp: '' })).code).toBe(0);
    expect(
      (await t.request<{ webname: string }>({ method: 'GET', url: '/api/v2/other/config' })).data.webname,
    ).toBe('数据学院');
    const [row] = await auditRows(t, 'settings.update');
    expect(row.before).toEqual({ name: '课栈', 'member.enabled_face_verify': 'false' });
    expect(row.after).toEqual({ name: '数据学院', 'member.enabled_face_verify': 'true' });
  });
});

describe('operator console: VIP plans and the h5 home page', () => {
  let t: TestApp;
  let editor: AdminClient;
  let finance: AdminClient;
  beforeAll(async () => {
    t = await createTestApp();
    editor = await signedInAdmin(t, 'content', 'editor');
    finance = await signedInAdmin(t, 'finance', 'cashier');
  });
  afterAll(() => t.close());

  const plansOnSale = async () =>
    (await t.request<{ name: string; charge: number }[]>({ method: 'GET', url: '/api/v2/roles' })).data;

  it('creates and edits VIP plans with Chinese messages; only plans on sale reach the h5', async () => {
    const post = (payload: object) =>
      editor.request<{ id: number }>({ method: 'POST', url: '/api/admin/vip-plans', payload });
    const plan = {
      name: '年度会员',
      charge: 299,
      expire_days: 365,
      description: '全部课程\n专属客服',
      is_show: 1,
    };
    expect(await post({ ...plan, charge: 0 })).toMatchObject({
      code: 1,
      message: '价格须在 0.01 到 1000000 元之间',
    });
    expect(await post({ ...plan, charge: 9.999 })).toMatchObject({
      code: 1,
      message: '价格须为金额，最多两位小数（如 19.9）',
    });
    expect(await post({ ...plan, expire_days: 'forever' })).toMatchObject({
      code: 1,
      message: '天数须为 1 到 36500 之间的整数',
    });
    expect(await post({ ...plan, name: '' })).toMatchObject({ code: 1, message: '请输入会员名称' });
    const created = await post(plan);
    expect(created.code).toBe(0);
    expect(await plansOnSale()).toEqual([expect.objectContaining({ name: '年度会员', charge: 299 })]);

    const update = await editor.request({
      method: 'PUT',
      url: `/api/admin/vip-plans/${created.data.id}`,
      payload: { ...plan, charge: '19.90', is_show: 0 },
    });
    expect(update.code).toBe(0);
    expect(await plansOnSale()).toEqual([]);
    const stored = await t.services.db
      .selectFrom('roles')
      .select('charge')
      .where('id', '=', created.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.charge).toBe(1990);
    const [row] = await auditRows(t, 'vip_plan.update');
    expect(row.before).toMatchObject({ charge: 299, is_show: 1 });
    expect(row.after).toMatchObject({ charge: 19.9, is_show: 0 });
    expect(
      await editor.request({ method: 'PUT', url: '/api/admin/vip-plans/99999', payload: plan }),
    ).toMatchObject({
      code: 1,
      message: '会员计划不存在',
    });
    expect(
      await finance.request({ method: 'POST', url: '/api/admin/vip-plans', payload: plan }),
    ).toMatchObject({ code: 403 });
  });

  const h5Home = async () =>
    (
      await t.request<{ sign: string; config_render: unknown }[]>({
        method: 'GET',
        url: '/api/v2/viewBlock/page/blocks?platform=h5&page_name=h5-page-index',
      })
    ).data;

  it('replaces the home page blocks at once; the h5 sees the new page; bad blocks change nothing', async () => {
    const save = (blocks: unknown) =>
      editor.request({ method: 'PUT', url: '/api/admin/home-blocks', payload: { blocks } });
    const first = [
      { sign: 'slider', config: [{ src: '/demo/banner.png', href: '/vod' }] },
      { sign: 'blank', config: { height: 12, bgcolor: '#fff' } },
    ];
    expect((await save(first)).code).toBe(0);
    expect((await h5Home()).map((block) => block.sign)).toEqual(['slider', 'blank']);

    expect(await save([{ sign: 'marquee', config: {} }])).toMatchObject({
      code: 1,
      message: '不支持的装修模块',
    });
    expect(await save([{ sign: 'slider', config: { src: 'x' } }])).toMatchObject({
      code: 1,
      message: '模块配置格式错误：轮播图须为数组，其它模块须为对象',
    });
    expect(await save([{ sign: 'blank', config: { text: 'x'.repeat(70_000) } }])).toMatchObject({
      code: 1,
      message: '第 1 个模块的配置过大',
    });
    expect((await h5Home()).map((block) => block.sign)).toEqual(['slider', 'blank']);

    expect((await save([first[1], { sign: 'grid-nav', config: { items: [] } }])).code).toBe(0);
    expect((await h5Home()).map((block) => block.sign)).toEqual(['blank', 'grid-nav']);
    const read = await editor.request<{ sign: string; config: unknown }[]>({
      method: 'GET',
      url: '/api/admin/home-blocks',
    });
    expect(read.data).toEqual([first[1], { sign: 'grid-nav', config: { items: [] } }]);
    const rows = await auditRows(t, 'home.update');
    expect(rows).toHaveLength(2);
    expect(rows[1].before).toEqual(first);
    expect(await finance.request({ method: 'GET', url: '/api/admin/home-blocks' })).toMatchObject({
      code: 403,
    });
  });
});
