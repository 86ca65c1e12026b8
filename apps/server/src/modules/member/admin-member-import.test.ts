import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';
import { readSheet } from 'read-excel-file/node';
import type { AdminMemberImport } from '@kezhan/contract/admin/member-imports';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { multipartBody } from '../../../test/support/images';
import { createCourse, createRole, memberId, memberRow } from '../../../test/support/orders';
import { PERMISSION_DENIED_MESSAGE } from '../admin/guard';
import { runMemberImports } from './member-import';

const HEADER = ['手机号', '昵称', '密码', '课程ID', '会员计划ID', '会员天数'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const xlsx = (rows: (string | number | null)[][]) => writeXlsxFile(rows).toBuffer();

describe('operator console: importing members from .xlsx and .csv', () => {
  let t: TestApp;
  let support: AdminClient;
  let editor: AdminClient;
  let owner: AdminClient;
  let courseId: number;
  let roleId: number;

  beforeAll(async () => {
    t = await createTestApp();
    support = await signedInAdmin(t, 'support', 'helpdesk');
    editor = await signedInAdmin(t, 'content', 'editor');
    owner = await signedInAdmin(t, 'super', 'owner');
    await t.loginBySms('13600000003');
    courseId = await createCourse(t, { title: 'Excel 入门' });
    roleId = await createRole(t, { name: '月度会员' });
  });
  afterAll(() => t.close());

  const upload = (client: AdminClient, filename: string, content: Buffer, type = XLSX_TYPE) => {
    const { payload, headers } = multipartBody('file', filename, type, content);
    return client.request<AdminMemberImport>({
      method: 'POST',
      url: '/api/admin/member-imports',
      payload,
      headers,
    });
  };
  // Files here give courses and VIP days, which needs member.grant: 客服 uploads, 超级管理员 commits.
  const commit = (id: number, client = owner) =>
    client.request<AdminMemberImport>({ method: 'POST', url: `/api/admin/member-imports/${id}/commit` });
  const runJob = (limits = {}) =>
    runMemberImports(t.services.db, t.services.settings, t.services.now, limits);

  it('refuses a role without member.edit the template, the upload and the commit', async () => {
    const denied = { code: 403, message: PERMISSION_DENIED_MESSAGE };
    expect(await upload(editor, 'a.xlsx', await xlsx([HEADER, ['13600000001']]))).toMatchObject(denied);
    expect(await editor.request({ method: 'GET', url: '/api/admin/member-imports/template' })).toMatchObject(
      denied,
    );
    expect(await editor.request({ method: 'POST', url: '/api/admin/member-imports/1/commit' })).toMatchObject(
      denied,
    );
    expect(await t.services.db.selectFrom('member_imports').select('id').execute()).toEqual([]);
  });

  it('serves a template the importer reads back: the header and an example row', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/member-imports/template',
      headers: { cookie: support.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="member-import-template.xlsx"',
    );
    const rows = await readSheet(response.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    expect(String(rows[1][0])).toBe('13800000000');
  });

  it('previews every row with its problems, writes nothing, then imports the accepted rows once', async () => {
    const file = await xlsx([
      HEADER,
      ['13600000001', '导入一号', 'secret-12', `${courseId}`, roleId, 30],
      [13600000002, '', '', '', '', ''],
      ['1360000', '坏手机', '', '', '', ''],
      ['13600000001', '重复', '', '', '', ''],
      ['13600000003', '已是学员', '', '', '', ''],
      ['13600000004', '', '123', '', '', ''],
      ['13600000005', '', '', '999999', '', ''],
      [null, null, null, null, null, null],
      ['13600000006', '导入一号', '', '', '', ''],
      ['13600000007', '', '', '', roleId, ''],
    ]);
    const preview = await upload(support, '学员名单.xlsx', file);
    expect(preview.code).toBe(0);
    expect(preview.data).toMatchObject({
      file_name: '学员名单.xlsx',
      state: 'previewed',
      total: 9,
      valid: 2,
      invalid: 7,
      imported: 0,
      administrator_name: 'helpdesk',
    });
    expect(preview.data.problems).toEqual([
      { row: 4, mobile: '1360000', message: '手机号格式不正确' },
      { row: 5, mobile: '13600000001', message: '文件中手机号重复（与第 2 行相同）' },
      { row: 6, mobile: '13600000003', message: '该手机号已是学员' },
      { row: 7, mobile: '13600000004', message: '密码长度不能少于6个字符' },
      { row: 8, mobile: '13600000005', message: '课程不存在：999999' },
      { row: 10, mobile: '13600000006', message: '文件中昵称重复（与第 2 行相同）' },
      { row: 11, mobile: '13600000007', message: '请填写赠送的会员天数' },
    ]);
    // Nothing is written before the commit.
    expect(
      await t.services.db
        .selectFrom('users')
        .select('id')
        .where('mobile', '=', '13600000001')
        .executeTakeFirst(),
    ).toBeUndefined();

    const committed = await commit(preview.data.id);
    expect(committed.data.state).toBe('queued');
    expect(await commit(preview.data.id)).toMatchObject({ code: 1, message: '该导入已提交，请勿重复提交' });
    expect((await auditRows(t, 'member.import'))[0].after).toEqual({
      file_name: '学员名单.xlsx',
      valid: 2,
      invalid: 7,
    });

    await runJob();
    const done = await support.request<AdminMemberImport>({
      method: 'GET',
      url: `/api/admin/member-imports/${preview.data.id}`,
    });
    expect(done.data).toMatchObject({ state: 'done', imported: 2, skipped: 0 });
    const first = await memberId(t, '13600000001');
    expect(await memberRow(t, first)).toMatchObject({
      nick_name: '导入一号',
      is_password_set: 1,
      role_id: roleId,
    });
    expect(await memberRow(t, await memberId(t, '13600000002'))).toMatchObject({
      nick_name: '学员0002',
      is_password_set: 0,
    });
    const owned = await t.services.db
      .selectFrom('user_courses')
      .select('course_id')
      .where('user_id', '=', first)
      .execute();
    expect(owned).toEqual([{ course_id: courseId }]);
    const login = await t.request({
      method: 'POST',
      url: '/api/v2/login/password',
      payload: { mobile: '13600000001', password: 'secret-12' },
    });
    expect(login.code).toBe(0);
    // No password stays in the staging rows.
    const staged = await t.services.db
      .selectFrom('member_import_rows')
      .select('password')
      .where('import_id', '=', preview.data.id)
      .execute();
    expect(staged.every((row) => row.password === '')).toBe(true);
    // Running again imports nothing more.
    await runJob();
    expect(
      (await t.services.db.selectFrom('users').select('id').where('mobile', 'like', '136%').execute()).length,
    ).toBe(3);
  });

  it('reads a GBK .csv (Excel’s Chinese default) and skips a row taken after the preview', async () => {
    const text = '手机号,昵称\r\n13600000011,"张, 三"\r\n13600000012,李四\r\n';
    const encoded = Buffer.from(
      // GB18030 bytes of the text above: the Chinese characters in GBK, ASCII as is.
      [...text].flatMap((char) => (char.charCodeAt(0) < 0x80 ? [char.charCodeAt(0)] : [...gbkBytes(char)])),
    );
    const preview = await upload(support, 'members.csv', encoded, 'text/csv');
    expect(preview.data).toMatchObject({ total: 2, valid: 2, invalid: 0 });
    // Someone signs up with the second mobile between preview and commit.
    await t.loginBySms('13600000012');
    await commit(preview.data.id);
    await runJob();
    const done = await support.request<AdminMemberImport>({
      method: 'GET',
      url: `/api/admin/member-imports/${preview.data.id}`,
    });
    expect(done.data).toMatchObject({ state: 'done', imported: 1, skipped: 1 });
    expect(done.data.problems).toEqual([{ row: 3, mobile: '13600000012', message: '该手机号已是学员' }]);
    expect((await memberRow(t, await memberId(t, '13600000011'))).nick_name).toBe('张, 三');
  });

  it('resumes after a stopped run and never imports a row twice, with two nodes running', async () => {
    const rows = [HEADER, ...Array.from({ length: 300 }, (_, i) => [`1351${String(i).padStart(7, '0')}`])];
    const preview = await upload(support, 'big.xlsx', await xlsx(rows));
    expect(preview.data.valid).toBe(300);
    await commit(preview.data.id);
    await runJob({ maxBatches: 1 });
    const partway = await support.request<AdminMemberImport>({
      method: 'GET',
      url: `/api/admin/member-imports/${preview.data.id}`,
    });
    expect(partway.data).toMatchObject({ state: 'running', imported: 250 });
    await Promise.all([runJob(), runJob()]);
    const done = await support.request<AdminMemberImport>({
      method: 'GET',
      url: `/api/admin/member-imports/${preview.data.id}`,
    });
    expect(done.data).toMatchObject({ state: 'done', imported: 300, skipped: 0 });
    const created = await t.services.db
      .selectFrom('users')
      .select('id')
      .where('mobile', 'like', '1351%')
      .execute();
    expect(created).toHaveLength(300);
  }, 120_000);

  it('refuses malformed, oversized and zip-bomb files in Chinese', async () => {
    expect(await upload(support, 'members.txt', Buffer.from('13600000001'))).toMatchObject({
      code: 1,
      message: '请上传 .xlsx 或 .csv 文件（可下载导入模板填写）',
    });
    expect(await upload(support, 'fake.xlsx', Buffer.from('not a zip at all'))).toMatchObject({
      code: 1,
      message: '无法读取该 Excel 文件，请用导入模板另存为 .xlsx 后重试',
    });
    const truncated = (await xlsx([HEADER, ['13600000001']])).subarray(0, 300);
    expect(await upload(support, 'cut.xlsx', truncated)).toMatchObject({
      code: 1,
      message: '无法读取该 Excel 文件，请用导入模板另存为 .xlsx 后重试',
    });
    // 70 MB of zeros deflate to about 70 KB.
    const bomb = Buffer.from(
      zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(70 * 1024 * 1024) }, { level: 9 }),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await upload(support, 'bomb.xlsx', bomb)).toMatchObject({
      code: 1,
      message: '该 Excel 文件解压后过大，疑似异常文件，已拒绝',
    });
    expect(await upload(support, 'huge.csv', Buffer.alloc(6 * 1024 * 1024, 'a'), 'text/csv')).toMatchObject({
      code: 1,
      message: '文件不能超过 5 MB，请拆分后分批导入',
    });
    expect(
      await upload(support, 'nohead.csv', Buffer.from('13600000001\r\n13600000002\r\n'), 'text/csv'),
    ).toMatchObject({
      code: 1,
      message: '第 1 行须为表头，且包含“手机号”列（可下载导入模板）',
    });
    expect(await upload(support, 'empty.csv', Buffer.from('手机号\r\n'), 'text/csv')).toMatchObject({
      code: 1,
      message: '文件中没有学员数据',
    });
    const noFile = await support.request({ method: 'POST', url: '/api/admin/member-imports', payload: {} });
    expect(noFile).toMatchObject({ code: 1, message: '请选择要导入的文件' });
    expect(
      await support.request({ method: 'POST', url: '/api/admin/member-imports/999999/commit' }),
    ).toMatchObject({
      code: 1,
      message: '导入记录不存在',
    });
  }, 120_000);

  it('takes 10,000 rows in one go and refuses 10,001', async () => {
    const lines = (count: number) =>
      Buffer.from(
        ['手机号', ...Array.from({ length: count }, (_, i) => `1520${String(i).padStart(7, '0')}`)].join(
          '\r\n',
        ),
      );
    const accepted = await upload(support, 'ten-thousand.csv', lines(10_000), 'text/csv');
    expect(accepted.data).toMatchObject({ total: 10_000, valid: 10_000, invalid: 0 });
    expect(await upload(support, 'too-many.csv', lines(10_001), 'text/csv')).toMatchObject({
      code: 1,
      message: '一次最多导入 10000 行，该文件有 10001 行，请拆分后分批导入',
    });
  }, 120_000);

  it('refuses to commit rows that give courses or VIP days for a role without member.grant', async () => {
    const file = await xlsx([
      HEADER,
      ['13600000201', '', '', String(courseId), '', ''],
      ['13600000202', '', '', '', '', ''],
    ]);
    const preview = await upload(support, '赠课名单.xlsx', file);
    expect(preview.data).toMatchObject({ valid: 2, invalid: 0 });
    expect(await commit(preview.data.id, support)).toMatchObject({
      code: 403,
      message: '没有赠送课程或会员的权限：文件中有 1 行含课程或会员，请去掉后重新上传',
    });
    const stillPreviewed = await t.services.db
      .selectFrom('member_imports')
      .select('state')
      .where('id', '=', preview.data.id)
      .executeTakeFirstOrThrow();
    expect(stillPreviewed.state).toBe('previewed');

    // Without goods 客服 may commit.
    const plain = await upload(
      support,
      '名单.xlsx',
      await xlsx([HEADER, ['13600000203', '', '', '', '', '']]),
    );
    expect((await commit(plain.data.id, support)).data.state).toBe('queued');
  });

  it('drops a preview nobody commits after a day, with the passwords in its rows', async () => {
    const preview = await upload(
      support,
      '未提交.xlsx',
      await xlsx([HEADER, ['13600000301', '', 'secret-12', '', '', '']]),
    );
    expect(preview.data.state).toBe('previewed');
    const rowsOf = () =>
      t.services.db
        .selectFrom('member_import_rows')
        .select('password')
        .where('import_id', '=', preview.data.id)
        .execute();
    expect(await rowsOf()).toEqual([{ password: 'secret-12' }]);
    const later = (hours: number) => () => new Date(Date.now() + hours * 3_600_000);
    await runMemberImports(t.services.db, t.services.settings, later(23));
    expect(await rowsOf()).toHaveLength(1);
    await runMemberImports(t.services.db, t.services.settings, later(25));
    expect(await rowsOf()).toEqual([]);
    expect(
      await t.services.db
        .selectFrom('member_imports')
        .select('id')
        .where('id', '=', preview.data.id)
        .execute(),
    ).toEqual([]);
  });
});

/** GBK bytes of the few Chinese characters the CSV test uses (TextEncoder writes only UTF-8). */
function gbkBytes(char: string): number[] {
  const table: Record<string, number[]> = {
    手: [0xca, 0xd6],
    机: [0xbb, 0xfa],
    号: [0xba, 0xc5],
    昵: [0xea, 0xc7],
    称: [0xb3, 0xc6],
    张: [0xd5, 0xc5],
    三: [0xc8, 0xfd],
    李: [0xc0, 0xee],
    四: [0xcb, 0xc4],
  };
  const bytes = table[char];
  if (!bytes) throw new Error(`no GBK bytes for ${char}`);
  return bytes;
}
