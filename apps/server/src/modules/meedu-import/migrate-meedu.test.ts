import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createMeeduFixture,
  MEEDU_PASSWORD,
  MEEDU_ROOT,
  SCHOOL,
  type MeeduFixture,
} from '../../../test/support/meedu-fixture';
import { runCommand } from '../../cli/run-command';
import { resolveJwtSecret } from '../../shared/auth/tokens';
import { CommentIds } from '../comments/comment-ids';
import { migrateMeedu } from './migrate';
import { openSource, type MeeduSource } from './source';

// These tests need the MariaDB of the machine (CI starts it): without it they fail, never skip.

const login = (t: TestApp, mobile: string) =>
  t.request<{ token: string }>({
    method: 'POST',
    url: '/api/v2/login/password',
    payload: { mobile, password: MEEDU_PASSWORD },
  });

for (const generation of ['2024', '2026'] as const) {
  describe(`migrate:meedu from a MeEdu ${generation} database`, () => {
    let fixture: MeeduFixture;
    let t: TestApp;
    let dryRun: { exitCode: number; output: string[] };
    let run: { exitCode: number; output: string[] };
    let meeduAttach = '';

    beforeAll(async () => {
      fixture = await createMeeduFixture(generation);
      // The development QQ provider stands in for QQ: any openid can be approved.
      t = await createTestApp({ env: { SOCIAL_DRIVER: 'dev' } });
      // MeEdu's storage/app/attach: the local file of attachment 100 (101 lives on private S3).
      meeduAttach = fs.mkdtempSync(path.join(os.tmpdir(), 'meedu-attach-'));
      fs.mkdirSync(path.join(meeduAttach, 'course'));
      fs.writeFileSync(path.join(meeduAttach, 'course', 'abc.pdf'), '%PDF');
      const files = ['--attach-dir', meeduAttach];
      dryRun = await runCommand(t.services, [
        'migrate:meedu',
        '--source',
        fixture.url,
        '--dry-run',
        ...files,
      ]);
      run = await runCommand(t.services, [
        'migrate:meedu',
        '--source',
        fixture.url,
        '--batch',
        '2',
        ...files,
      ]);
      // Two moves of a small school: generous for a loaded shared machine.
    }, 300_000);
    afterAll(async () => {
      await t?.close();
      await fixture?.drop();
      if (meeduAttach) fs.rmSync(meeduAttach, { recursive: true, force: true });
    });

    it('a dry run prints the whole report and writes nothing; the real run verifies', async () => {
      expect(dryRun.exitCode).toBe(0);
      const report = dryRun.output.join('\n');
      expect(report).toContain(`MeEdu ${generation} → 课栈（试运行，不写入）`);
      expect(report).toContain('users → users | 3 | 3 | 0 | 0');
      expect(report).toContain('昵称重复：后来者加 _<id>: 1');
      expect(report).toContain('user_course → user_courses | 3 | 2 | 1 | 1');
      // Refunds keep their fen: no rounding left to report.
      expect(report).not.toContain('四舍五入');
      expect(report).toContain('user_tags: 1 — 学员标签（无去处）');
      expect(report).not.toContain('核对');
      expect(run.output.join('\n')).toContain('迁移完成，核对一致。');
      // Money is compared to the fen: whole-yuan paid records × 100, refunds in MeEdu's own fen.
      expect(run.output).toContain('已支付订单实收（元） | 174.00 | 174.00');
      expect(run.output).toContain('成功退款（元） | 62.34 | 62.34');
      // Every moved entity is counted again on both sides.
      const verification = run.output.slice(run.output.indexOf('核对 | MeEdu | 课栈') + 1, -2);
      const labels = verification.filter((line) => line.includes(' | ')).map((line) => line.split(' | ')[0]);
      for (const label of [
        '学员资料',
        '登录记录',
        '订单商品',
        '退款记录',
        '观看记录（每人每课时）',
        '站内消息',
        '评论',
      ])
        expect(labels).toContain(label);
      for (const label of [
        'QQ/微信绑定',
        '协议同意记录',
        '注销申请',
        '人脸核验记录',
        '课程附件',
        '云点播课时',
      ])
        expect(labels.includes(label)).toBe(generation === '2026' || !['协议同意记录'].includes(label));
      expect(run.output).toContain('云点播课时 | 1 | 1');
      expect(run.output).toContain('评论 | 2 | 2');
      expect(verification.filter((line) => line.includes('不一致'))).toEqual([]);
      const vod = await t.services.db
        .selectFrom('video_vod_sources')
        .select(['video_id', 'provider', 'media_id'])
        .execute();
      expect(vod).toEqual([{ video_id: 32, provider: 'aliyun', media_id: 'f'.repeat(32) }]);
      expect(run.exitCode).toBe(0);
      // The dry run and the real run count the same rows.
      const table = (lines: string[]) => lines.filter((line) => / → .* \| /.test(line));
      expect(table(run.output)).toEqual(table(dryRun.output));
    });

    it('keeps ids, advances sequences, and quirks are handled', async () => {
      const { db } = t.services;
      const users = await db
        .selectFrom('users')
        .select(['id', 'nick_name', 'is_lock', 'avatar', 'role_expired_at'])
        .orderBy('id')
        .execute();
      expect(users).toEqual([
        {
          id: 3,
          nick_name: '小明',
          is_lock: 0,
          avatar: 'https://old.school.test/storage/avatar/3.png',
          role_expired_at: new Date('2030-01-01T00:00:00Z'),
        },
        { id: 5, nick_name: '小明_5', is_lock: 0, avatar: '', role_expired_at: null },
        { id: 7, nick_name: '学员_7', is_lock: 1, avatar: '', role_expired_at: null },
      ]);
      const courses = await db
        .selectFrom('courses')
        .select(['id', 'slug', 'is_show', 'render_desc'])
        .orderBy('id')
        .execute();
      expect(courses.map((c) => c.slug)).toEqual(['course-10', 'same', 'course-12', 'course-13']);
      expect(courses[2].is_show).toBe(0);
      expect(courses[0].render_desc).not.toContain('<script>');
      const chapters = await db.selectFrom('course_chapters').select(['id', 'title']).orderBy('id').execute();
      expect(chapters).toEqual([
        { id: 20, title: '第一章' },
        { id: 21, title: '第一章 (2)' },
      ]);
      const videos = await db
        .selectFrom('videos')
        .select(['id', 'chapter_id', 'url', 'is_show'])
        .orderBy('id')
        .execute();
      expect(videos).toEqual([
        { id: 30, chapter_id: 20, url: 'https://old.school.test/storage/v/30.mp4', is_show: 1 },
        { id: 31, chapter_id: 21, url: 'https://cdn.example.com/31.m3u8', is_show: 1 },
        { id: 32, chapter_id: null, url: '', is_show: 1 },
        { id: 34, chapter_id: null, url: 'https://cdn.example.com/34.mp4', is_show: 0 },
      ]);
      const orders = await db
        .selectFrom('orders')
        .select([
          'id',
          'order_id',
          'status',
          'charge',
          'discount',
          'amount',
          'refunded_amount',
          'promo_code_id',
        ])
        .orderBy('id')
        .execute();
      expect(orders).toEqual([
        {
          id: 50,
          order_id: SCHOOL.paidOrderNo,
          status: 9,
          charge: 9900,
          discount: 1000,
          amount: 8900,
          refunded_amount: 1234,
          promo_code_id: 40,
        },
        {
          id: 51,
          order_id: '5120000',
          status: 9,
          charge: 500,
          discount: 0,
          amount: 500,
          refunded_amount: 0,
          promo_code_id: null,
        },
        {
          id: 52,
          order_id: '5120000-52',
          status: 7,
          charge: 500,
          discount: 0,
          amount: 500,
          refunded_amount: 0,
          promo_code_id: null,
        },
        {
          id: 53,
          order_id: '202403011200005678',
          status: 9,
          charge: 3000,
          discount: 0,
          amount: 3000,
          refunded_amount: 0,
          promo_code_id: null,
        },
        {
          id: 55,
          order_id: '202405021200001111',
          status: 11,
          charge: 5000,
          discount: 0,
          amount: 5000,
          refunded_amount: 5000,
          promo_code_id: null,
        },
      ]);
      const refunds = await db
        .selectFrom('refunds')
        .select(['id', 'amount', 'status', 'out_refund_no'])
        .orderBy('id')
        .execute();
      expect(refunds).toMatchObject([
        { amount: 1234, status: 'succeeded', out_refund_no: 'REFUND202405031200001' },
        { amount: 500, status: 'failed' },
        { amount: 5000, status: 'succeeded' },
      ]);
      // A new row after the move takes the next id, not one of MeEdu's.
      const next = await db
        .insertInto('users')
        .values({ mobile: '13900000099', nick_name: 'new', password: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(next.id).toBe(8);
      await db.deleteFrom('users').where('id', '=', next.id).execute();
    });

    it('a member logs in with the MeEdu password and sees VIP, courses, lessons, messages, orders and progress', async () => {
      const res = await login(t, SCHOOL.member.mobile);
      expect(res).toMatchObject({ code: 0 });
      const token = res.data.token;
      const detail = await t.request<{
        role_expired_at: string;
        nick_name: string;
        role: { name: string } | null;
      }>({
        method: 'GET',
        url: '/api/v2/member/detail',
        token,
      });
      expect(detail.data).toMatchObject({
        nick_name: '小明',
        role_expired_at: SCHOOL.vipExpiry,
        role: { name: '月度会员' },
      });
      const course = await t.request<{
        isBuy: boolean;
        videoWatchedProgress: Record<string, { watch_seconds: number }>;
      }>({
        method: 'GET',
        url: '/api/v2/course/10',
        token,
      });
      expect(course.data.isBuy).toBe(true);
      expect(course.data.videoWatchedProgress['30']).toMatchObject({ watch_seconds: 200 });
      const play = await t.request<{ urls: { url: string }[] }>({
        method: 'GET',
        url: '/api/v2/video/30/playinfo',
        token,
      });
      expect(play.data.urls[0].url).toBe('https://old.school.test/storage/v/30.mp4');
      const unread = await t.request<number>({
        method: 'GET',
        url: '/api/v2/member/unreadNotificationCount',
        token,
      });
      expect(unread.data).toBe(2);
      const messages = await t.request<{ data: { data: { message: string } }[] }>({
        method: 'GET',
        url: '/api/v2/member/messages?page=1&page_size=10',
        token,
      });
      expect(JSON.stringify(messages.data)).toContain(`订单:${SCHOOL.paidOrderNo}已支付`);
      const orders = await t.request<{
        data: { order_id: string; status: number; amount: number; refunded_charge: number }[];
      }>({
        method: 'GET',
        url: '/api/v2/member/orders?page=1&page_size=10',
        token,
      });
      // MeEdu's ¥12.34 partial refund (1234 fen) arrives to the fen.
      expect(
        orders.data.data.map((order) => [order.order_id, order.status, order.amount, order.refunded_charge]),
      ).toEqual([
        ['202405021200001111', 11, 50, 50],
        [SCHOOL.paidOrderNo, 9, 89, 12.34],
      ]);
    });

    it('a lesson bought alone plays for its buyer, not the rest of the course', async () => {
      const token = (await login(t, SCHOOL.lessonBuyer.mobile)).data.token;
      expect(token).toBeTruthy();
      const bought = await t.request<{ urls: { url: string }[] }>({
        method: 'GET',
        url: '/api/v2/video/31/playinfo',
        token,
      });
      expect(bought.data.urls[0].url).toBe('https://cdn.example.com/31.m3u8');
      const other = await t.request({ method: 'GET', url: '/api/v2/video/30/playinfo', token });
      expect(other.message).toBe('请购买后观看');
    });

    it('comment threads keep their ids (Hashids with the same secret)', async () => {
      const ids = new CommentIds(resolveJwtSecret(t.services.env));
      const list = await t.request<{ data: { id: string }[] }>({
        method: 'GET',
        url: '/api/v3/comments?rt=1&rid=10&page=1&size=10',
      });
      expect(list.code).toBe(0);
      expect(list.data.data.map((comment) => ids.decode(comment.id))).toEqual(
        generation === '2026' ? [60] : [1],
      );
    });

    it('reports the account tables it moved and what it merged or dropped', () => {
      const report = run.output.join('\n');
      expect(report).toContain('socialite → socialites | 5 | 2 | 0 | 4');
      expect(report).toContain('小程序绑定（课栈没有小程序）：丢弃: 1');
      expect(report).toContain('同一 openid 或同一学员的第二个绑定：保留最早的一个: 2');
      expect(report).toContain('user_delete_jobs → user_delete_jobs | 3 | 2 | 0 | 1');
      expect(report).toContain('未处理的申请，学员却已不存在：丢弃: 1');
      expect(report).toContain('user_face_verify_tencent_records → face_verify_records | 2 | 2 | 0 | 1');
      if (generation === '2026') {
        expect(report).toContain('agreement_user_records → agreement_user_records | 4 | 4 | 0 | 1');
        expect(report).toContain('  agreements → protocol.user');
        expect(report).not.toContain('  meedu.member.protocol → protocol.user');
      } else {
        expect(report).toContain('  meedu.member.protocol → protocol.user');
      }
      expect(report).not.toContain('（待迁移）');
    });

    it('a member bound to QQ on MeEdu logs in with QQ into the same account', async () => {
      await t.services.settings.set('socialites.qq', '1');
      let cookie = '';
      const get = async (url: string) => {
        const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        if (res.headers['set-cookie']) cookie = String(res.headers['set-cookie']).split(';')[0];
        return res;
      };
      const local = (absolute: string) => new URL(absolute).pathname + new URL(absolute).search;
      const started = await get(
        `/api/v3/auth/login/socialite/qq?${new URLSearchParams({ s_url: 'http://api.test/member', f_url: 'http://api.test/login-error', action: 'login' })}`,
      );
      const consent = new URL(started.headers.location as string).searchParams;
      const approved = await get(
        `/api/v3/dev/oauth/qq/approve?${new URLSearchParams({
          redirect_uri: consent.get('redirect_uri')!,
          state: consent.get('state')!,
          openid: SCHOOL.qqOpenId,
          nickname: 'QQ昵称',
        })}`,
      );
      const landed = new URL(
        (await get(local(approved.headers.location as string))).headers.location as string,
      );
      const exchanged = await t.request<{ success: number; token: string }>({
        method: 'POST',
        url: '/api/v3/auth/login/code',
        payload: { code: landed.searchParams.get('login_code') },
      });
      expect(exchanged.data.success).toBe(1);
      const detail = await t.request<{ id: number; nick_name: string }>({
        method: 'GET',
        url: '/api/v2/member/detail',
        token: exchanged.data.token,
      });
      expect(detail.data).toMatchObject({ id: SCHOOL.member.id, nick_name: '小明' });
      // The WeChat binding keeps its unionid; a new binding takes the next id.
      const bindings = await t.services.db
        .selectFrom('socialites')
        .select(['id', 'user_id', 'app', 'union_id'])
        .orderBy('id')
        .execute();
      expect(bindings).toEqual([
        { id: 90, user_id: 3, app: 'qq', union_id: '' },
        { id: 91, user_id: 5, app: 'wechat', union_id: 'UNION-5' },
      ]);
    });

    it('agreements accepted on MeEdu are not asked again; an older text is', async () => {
      const status = async (mobile: string) =>
        (
          await t.request<{ agreement_status: Record<string, boolean> }>({
            method: 'GET',
            url: '/api/v2/member/detail',
            token: (await login(t, mobile)).data.token,
          })
        ).data.agreement_status;
      if (generation === '2026') {
        expect(await t.services.settings.get('protocol.user')).toBe(SCHOOL.activeUserAgreement);
        expect(await status(SCHOOL.member.mobile)).toEqual({
          user_agreement_agreed: true,
          privacy_policy_agreed: true,
        });
        expect(await status(SCHOOL.lessonBuyer.mobile)).toEqual({
          user_agreement_agreed: false,
          privacy_policy_agreed: true,
        });
        const platforms = await t.services.db
          .selectFrom('agreement_user_records')
          .select(['id', 'platform'])
          .orderBy('id')
          .execute();
        expect(platforms.map((row) => row.platform)).toEqual(['H5', 'IOS', 'PC', 'ANDROID']);
      } else {
        // MeEdu 2024 recorded no acceptances: its texts move, and members accept them once.
        expect(await t.services.settings.get('protocol.user')).toBe('<p>老用户协议</p>');
        expect(await status(SCHOOL.member.mobile)).toEqual({
          user_agreement_agreed: false,
          privacy_policy_agreed: false,
        });
      }
    });

    it('a deletion requested on MeEdu is withdrawn by logging in, with the MeEdu request time', async () => {
      const token = (await login(t, SCHOOL.lessonBuyer.mobile)).data.token;
      const messages = await t.request<{ data: { data: { message: string } }[] }>({
        method: 'GET',
        url: '/api/v2/member/messages?page=1&page_size=10',
        token,
      });
      expect(JSON.stringify(messages.data)).toContain(
        `系统已为您自动取消于 ${SCHOOL.deletionSubmittedAt} 申请的用户注销申请`,
      );
      const jobs = await t.services.db
        .selectFrom('user_delete_jobs')
        .select(['id', 'user_id', 'status'])
        .orderBy('id')
        .execute();
      expect(jobs).toEqual([
        { id: 1, user_id: 5, status: 'cancelled' },
        { id: 2, user_id: 999, status: 'done' },
      ]);
    });

    it('a face verification passed on MeEdu stays passed, and only for its member', async () => {
      const query = `/api/v3/member/tencent/faceVerify?biz_token=${SCHOOL.passedFaceToken}&rule_id=1`;
      const own = await t.request<{ status: number }>({
        method: 'GET',
        url: query,
        token: (await login(t, SCHOOL.member.mobile)).data.token,
      });
      expect(own).toMatchObject({ code: 0, data: { status: 9 } });
      const other = await t.request({
        method: 'GET',
        url: query,
        token: (await login(t, SCHOOL.lessonBuyer.mobile)).data.token,
      });
      expect(other.message).toBe('实名认证记录不存在');
    });

    it('course attachments keep their ids, their files are copied, and a buyer downloads them', async () => {
      expect(run.output).toContain('course_attach → course_attachments | 2 | 2 | 0 | 2');
      expect(run.output).toContain('    同一课程内附件名重复：加 (n): 1');
      const token = (await login(t, SCHOOL.member.mobile)).data.token;
      const course = await t.request<{ attach: { id: number; name: string }[] }>({
        method: 'GET',
        url: '/api/v2/course/10',
        token,
      });
      expect(course.data.attach.map(({ id, name }) => ({ id, name }))).toEqual([
        { id: 100, name: '课件.pdf' },
        { id: 101, name: '课件 (2).pdf' },
      ]);
      expect(dryRun.output).toContain('附件文件：试运行不复制');
      expect(run.output).toContain('附件文件：复制 1，已存在 0，MeEdu 目录中没有 1');
      const address = await t.request<{ download_url: string }>({
        method: 'GET',
        url: '/api/v3/course/10/attach/100',
        token,
      });
      const url = new URL(address.data.download_url);
      const download = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe('%PDF');
      const stranger = await t.request({
        method: 'GET',
        url: '/api/v3/course/10/attach/100',
        token: (await login(t, SCHOOL.lessonBuyer.mobile)).data.token,
      });
      expect(stranger.message).toBe('请购买课程');
    });

    it('refuses a second run into the same database', async () => {
      const again = await runCommand(t.services, ['migrate:meedu', '--source', fixture.url]);
      expect(again.exitCode).toBe(1);
      expect(again.output.at(-1)).toBe(
        '这个课栈数据库已经完成过 MeEdu 迁移；要补上此后的变化，请加 --since (already migrated)',
      );
    });
  });
}

describe('migrate:meedu refuses what it cannot move, before writing anything', () => {
  let t: TestApp;
  let fixture: MeeduFixture;
  beforeAll(async () => {
    t = await createTestApp();
    fixture = await createMeeduFixture('2026');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fixture?.drop();
  });

  const migrate = (source: string) => runCommand(t.services, ['migrate:meedu', '--source', source]);
  const nothingWritten = async () =>
    expect(await t.services.db.selectFrom('meedu_import_progress').selectAll().execute()).toEqual([]);

  it('a wrong password, host or database name', async () => {
    const wrong = new URL(MEEDU_ROOT);
    wrong.password = 'wrong';
    const bad = await migrate(`${wrong.toString().replace(/\/$/, '')}/${fixture.name}`);
    expect(bad.exitCode).toBe(1);
    expect(bad.output.at(-1)).toContain('用户名或密码错误');
    const host = await migrate('mysql://root@127.0.0.1:1/meedu');
    expect(host.output.at(-1)).toBe('无法连接 MeEdu 数据库 127.0.0.1:1 (ECONNREFUSED)：请检查主机和端口');
    const missing = await migrate(`${MEEDU_ROOT}/meedu_test_missing_db`);
    expect(missing.output.at(-1)).toContain('MeEdu 数据库 meedu_test_missing_db 不存在');
    const noDir = await runCommand(t.services, [
      'migrate:meedu',
      '--source',
      fixture.url,
      '--attach-dir',
      '/nonexistent/meedu/attach',
    ]);
    expect(noDir.output.at(-1)).toBe('--attach-dir 不是一个目录：/nonexistent/meedu/attach');
    expect((await migrate('postgres://x@y/z')).output.at(-1)).toBe(
      '--source 应为 mysql://用户:密码@主机:端口/数据库',
    );
    await nothingWritten();
  });

  it('a database that is not MeEdu, or an older MeEdu', async () => {
    const empty = await createMeeduFixture('2026', { fill: false });
    try {
      const res = await migrate(empty.url);
      expect(res.exitCode).toBe(1);
      expect(res.output.at(-1)).toBe(
        '这不是 MeEdu 数据库：缺少数据表 users, courses, videos, orders, order_goods, roles, app_config (not a MeEdu database)',
      );
    } finally {
      await empty.drop();
    }
    const old = await createMeeduFixture('2024');
    try {
      await old.query('drop table user_video');
      const res = await migrate(old.url);
      expect(res.exitCode).toBe(1);
      expect(res.output.at(-1)).toContain('无法识别的 MeEdu 版本：缺少 user_video.video_id');
    } finally {
      await old.drop();
    }
    await nothingWritten();
  });

  it('a Kezhan database that already holds members', async () => {
    await t.loginBySms('13700000077');
    const res = await migrate(fixture.url);
    expect(res.exitCode).toBe(1);
    expect(res.output.at(-1)).toBe(
      '目标课栈数据库不是空的（学员 1，订单 0，课程 0）：MeEdu 的编号会与已有数据冲突，请迁移到一个新的空数据库 (target not empty)',
    );
    await nothingWritten();
  });
});

describe('migrate:meedu after a crash', () => {
  it('resumes after the last committed batch without duplicating anything', async () => {
    const fixture = await createMeeduFixture('2026');
    const t = await createTestApp();
    try {
      const real = await openSource(new URL(fixture.url));
      let queries = 0;
      // Dies on the 40th read, half-way through the steps.
      const dying: MeeduSource = {
        ...real,
        async query(sql, params) {
          queries += 1;
          if (queries === 40) throw new Error('connection lost');
          return real.query(sql, params);
        },
      };
      const options = {
        dryRun: false,
        batchSize: 1,
        oldHost: '',
        now: new Date(),
        progress: () => undefined,
      };
      await expect(migrateMeedu(t.services.db, dying, options, { line: () => undefined })).rejects.toThrow(
        'connection lost',
      );
      await real.close();
      const partial = await t.services.db
        .selectFrom('meedu_import_progress')
        .select(['step', 'done'])
        .execute();
      expect(partial.some((row) => row.done === 0) || partial.length < 10).toBe(true);
      const resumed = await runCommand(t.services, [
        'migrate:meedu',
        '--source',
        fixture.url,
        '--batch',
        '1',
      ]);
      expect(resumed.output[0]).toBe('MeEdu 2026 → 课栈（从上次中断处继续）');
      expect(resumed.output.join('\n')).toContain('迁移完成，核对一致。');
      expect(resumed.exitCode).toBe(0);
    } finally {
      await t.close();
      await fixture.drop();
    }
  }, 120_000);

  it('fails the command when MeEdu and Kezhan disagree, and does not mark the move finished', async () => {
    const fixture = await createMeeduFixture('2024');
    const t = await createTestApp();
    try {
      const real = await openSource(new URL(fixture.url));
      // A member registers on MeEdu while the move runs: the count read at the end is one higher.
      const moving: MeeduSource = {
        ...real,
        async query(sql, params) {
          const rows = await real.query(sql, params);
          return sql === 'select count(*) n from users' ? [{ n: Number(rows[0].n) + 1 }] : rows;
        },
      };
      const lines: string[] = [];
      const options = {
        dryRun: false,
        batchSize: 100,
        oldHost: '',
        now: new Date(),
        progress: () => undefined,
      };
      await expect(
        migrateMeedu(t.services.db, moving, options, { line: (l: string) => void lines.push(l) }),
      ).rejects.toThrow('核对失败：学员 不一致 (verification failed)');
      await real.close();
      expect(lines).toContain('学员 | 4 | 3  ✗ 不一致');
      const finished = await t.services.db
        .selectFrom('meedu_import_progress')
        .select('step')
        .where('step', '=', 'finished')
        .execute();
      expect(finished).toEqual([]);
    } finally {
      await t.close();
      await fixture.drop();
    }
  }, 120_000);
});
