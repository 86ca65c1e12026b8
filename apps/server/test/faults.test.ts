import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CAPTCHA, usingPostgres, type TestApp } from './test-app';
import { registerVideoSource, stageSource } from '../src/modules/media/ingest';
import { resendAutomaticRefunds } from '../src/modules/orders/refunds';
import { hashPassword } from '../src/shared/auth/passwords';
import { deliverBroadcasts } from '../src/modules/messages/broadcasts';
import { signedInAdmin, type AdminClient } from './support/admin';
import { addCourse, addVideo } from './support/courses';
import { ffmpegInstalled, makeTestVideo } from './support/media';
import { FakeAlipay } from './support/fakes/alipay';
import {
  createCourse,
  enablePayments,
  loginMember,
  orderCourse,
  payTicket,
  type LoggedInMember,
} from './support/orders';
import {
  freePort,
  killNode,
  sleep,
  startNode,
  stopNode,
  waitReady,
  type ApiNode,
} from './support/server-process';

/**
 * Faults survived: a real API process is killed (SIGKILL: no shutdown hook, nothing flushed) at
 * the worst moment of an operation, and the outcome is read back with SQL. The survivor is the
 * in-process node `t` on the same PostgreSQL database and Redis (a second node behind the proxy,
 * where the retry lands). PostgreSQL + Redis only, like the other multi-node tests.
 */
describe.runIf(usingPostgres && Boolean(process.env.REDIS_URL))('a node killed mid-operation', () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-faults-'));
  let alipay: FakeAlipay;
  let t: TestApp;
  let db: pg.Pool;
  let finance: AdminClient;
  let nodeEnv: Record<string, string>;
  let victim: ApiNode | undefined;
  let mobileSeq = 0;

  beforeAll(async () => {
    alipay = await new FakeAlipay(merchant.publicKey).start();
    const alipayEnv = {
      ALIPAY_APP_ID: alipay.appId,
      ALIPAY_PRIVATE_KEY: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      ALIPAY_PUBLIC_KEY: alipay.platformPublicKeyBase64,
      ALIPAY_GATEWAY: `${alipay.url}/gateway.do`,
    };
    t = await createTestApp({ env: alipayEnv });
    await enablePayments(t, 'alipay');
    finance = await signedInAdmin(t, 'finance');
    db = new pg.Pool({ connectionString: t.databaseUrl, max: 3 });
    // What `t` runs with (test-app.ts), so that sessions, tokens and settings are shared.
    nodeEnv = {
      ...alipayEnv,
      NODE_ENV: 'test',
      KEZHAN_DEV: '1',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: 'http://api.test',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      DATABASE_URL: t.databaseUrl!,
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_KEY_PREFIX: t.redisPrefix!,
      CAPTCHA_TEST_CODE: TEST_CAPTCHA,
      RATE_LIMIT_PER_MINUTE: '0',
      JOBS_ENABLED: '0',
      LOG_LEVEL: 'error',
    };
  }, 60_000);

  afterEach(async () => {
    alipay.beforeRefundAnswer = undefined;
    await stopNode(victim);
    victim = undefined;
  });

  afterAll(async () => {
    await db?.end();
    await t?.close();
    await alipay?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function startVictim(env: Record<string, string> = {}): Promise<{ node: ApiNode; base: string }> {
    const node = startNode('victim', await freePort(), { ...nodeEnv, ...env });
    victim = node;
    await waitReady(node);
    return { node, base: `http://127.0.0.1:${node.port}` };
  }

  const newMember = () => loginMember(t, `1397100${String((mobileSeq += 1)).padStart(4, '0')}`);

  /** Opens the order at the (fake) Alipay cashier: the trade exists there. */
  async function openAtAlipay(member: LoggedInMember, orderNo: string): Promise<void> {
    const ticket = await payTicket(t, member.token, orderNo);
    const redirect = await t.app.inject({
      method: 'GET',
      url: `/api/v2/order/pay/redirect?order_id=${orderNo}&payment=alipay&payment_scene=h5&scene=h5&ticket=${ticket}`,
    });
    expect(redirect.statusCode).toBe(302);
    expect((await fetch(redirect.headers.location as string)).status).toBe(200);
  }

  /** A course ordered by a new member and opened at the Alipay cashier. */
  async function orderAtAlipay(
    charge: number,
  ): Promise<{ member: LoggedInMember; orderNo: string; courseId: number }> {
    const member = await newMember();
    const courseId = await createCourse(t, { title: `故障课程${mobileSeq}`, charge });
    const orderNo = (await orderCourse(t, member.token, courseId)).order_id;
    await openAtAlipay(member, orderNo);
    return { member, orderNo, courseId };
  }

  /** Alipay's notification delivered to `t` (the surviving node): Alipay's retry. */
  const notifySurvivor = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/payment/callback/alipay',
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    });

  /** Whether another session is queued behind a row lock (the node has reached the held row). */
  const someoneWaitsForALock = async (holder: pg.PoolClient) => {
    const pid = (await holder.query('select pg_backend_pid() as pid')).rows[0].pid;
    const waiting = await db.query(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> $1`,
      [pid],
    );
    return waiting.rows[0].n > 0;
  };

  const rows = async <T = any>(text: string, values: unknown[]): Promise<T[]> =>
    (await db.query(text, values)).rows as T[];

  it('a refund the gateway accepted just before the node died completes once, with the same number', async () => {
    const { member, orderNo } = await orderAtAlipay(88);
    const paid = await notifySurvivor(alipay.notification(orderNo));
    expect(paid.body).toBe('success');
    const { base, node } = await startVictim();

    // The gateway has made the refund; the node dies before it reads the answer.
    let killed: Promise<void> | undefined;
    alipay.beforeRefundAnswer = async () => {
      killed = killNode(node);
      await killed;
    };
    const requestKey = `faults-${randomBytes(8).toString('hex')}`;
    const payload = { amount: 88, reason: '学员申请退款', request_key: requestKey };
    const lost = await fetch(`${base}/api/admin/orders/${orderNo}/refunds`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: finance.cookie,
        'x-csrf-token': finance.csrfToken,
      },
      body: JSON.stringify(payload),
    }).then(
      async (response) => `answered ${response.status} ${await response.text()}`,
      () => 'no answer',
    );
    expect(lost).toBe('no answer');
    expect(killed).toBeDefined();
    alipay.beforeRefundAnswer = undefined;

    const [order] = await rows('select id, amount from orders where order_id = $1', [orderNo]);
    const pending = await rows(
      'select out_refund_no, status, gateway_refund_no from refunds where order_id = $1',
      [order.id],
    );
    expect(pending).toEqual([
      { out_refund_no: expect.any(String), status: 'processing', gateway_refund_no: '' },
    ]);
    const outRefundNo = pending[0].out_refund_no;
    expect([...alipay.refunds.keys()].filter((no) => no === outRefundNo)).toHaveLength(1);

    // The console repeats its request (same key); it reaches the surviving node.
    const retried = await finance.request<{ status: string; out_refund_no: string }>({
      method: 'POST',
      url: `/api/admin/orders/${orderNo}/refunds`,
      payload,
    });
    expect(retried.code).toBe(0);
    expect(retried.data).toMatchObject({ status: 'succeeded', out_refund_no: outRefundNo });

    const refunds = await rows('select out_refund_no, status, amount from refunds where order_id = $1', [
      order.id,
    ]);
    expect(refunds).toEqual([{ out_refund_no: outRefundNo, status: 'succeeded', amount: 88_00 }]);
    // Every request the gateway saw for this order carried the one number; it refunded once.
    const sentForOrder = [...alipay.refunds.values()].filter((refund) => refund.outTradeNo === orderNo);
    expect(sentForOrder.map((refund) => refund.outRequestNo)).toEqual([outRefundNo]);
    expect(alipay.refundRequests.filter((no) => no === outRefundNo)).toHaveLength(2);
    const [after] = await rows('select status, amount, refunded_amount from orders where id = $1', [
      order.id,
    ]);
    expect(after).toMatchObject({ amount: 88_00, refunded_amount: 88_00 });
    expect(after.refunded_amount).toBeLessThanOrEqual(after.amount);
    const told = await rows(
      'select count(*)::int as n from notifications where user_id = $1 and message = $2',
      [member.id, `订单${orderNo}已退款88元`],
    );
    expect(told).toEqual([{ n: 1 }]);
  }, 60_000);

  it('the automatic refund of a second payment, cut off at the gateway by the node dying, is sent once by the job', async () => {
    const { member, orderNo: firstNo, courseId } = await orderAtAlipay(77);
    const secondNo = (await orderCourse(t, member.token, courseId)).order_id;
    await openAtAlipay(member, secondNo);
    expect((await notifySurvivor(alipay.notification(firstNo))).body).toBe('success');
    const { base, node } = await startVictim();

    // The second payment settles on the victim, which opens its refund, sends it and dies before the answer.
    alipay.beforeRefundAnswer = () => killNode(node);
    const secondPayment = alipay.notification(secondNo);
    const lost = await fetch(`${base}/payment/callback/alipay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: secondPayment,
    }).then(
      async (response) => `answered ${response.status} ${await response.text()}`,
      () => 'no answer',
    );
    expect(lost).toBe('no answer');
    alipay.beforeRefundAnswer = undefined;
    const [second] = await rows(
      'select id, status, amount, refunded_amount from orders where order_id = $1',
      [secondNo],
    );
    expect(second).toMatchObject({ status: 9, amount: 77_00, refunded_amount: 0 });
    const [open] = await rows(
      'select out_refund_no, status, gateway_refund_no from refunds where order_id = $1',
      [second.id],
    );
    expect(open).toMatchObject({ status: 'processing', gateway_refund_no: '' });

    // Alipay retries the unanswered notification on the survivor: nothing more is opened.
    expect((await notifySurvivor(secondPayment)).body).toBe('success');
    // The survivor's resend-automatic-refunds job, once the refund has waited long enough.
    const later = new Date(Date.now() + 6 * 60_000);
    expect(await resendAutomaticRefunds(t.services, later)).toEqual({ sent: 1 });
    expect(await resendAutomaticRefunds(t.services, later)).toEqual({ sent: 0 });

    expect(
      await rows('select out_refund_no, status, amount from refunds where order_id = $1', [second.id]),
    ).toEqual([{ out_refund_no: open.out_refund_no, status: 'succeeded', amount: 77_00 }]);
    expect([...alipay.refunds.values()].filter((refund) => refund.outTradeNo === secondNo)).toHaveLength(1);
    expect(alipay.refundRequests.filter((no) => no === open.out_refund_no)).toHaveLength(2);
    expect(
      await rows(
        'select order_id, status, refunded_amount from orders where order_id in ($1, $2) order by id',
        [firstNo, secondNo],
      ),
    ).toEqual([
      { order_id: firstNo, status: 9, refunded_amount: 0 },
      { order_id: secondNo, status: 11, refunded_amount: 77_00 },
    ]);
    expect(
      await rows('select count(*)::int as n from user_courses where user_id = $1 and course_id = $2', [
        member.id,
        courseId,
      ]),
    ).toEqual([{ n: 1 }]);
  }, 60_000);

  it('a payment notification cut off mid-transaction by the node dying is applied once by the gateway’s retries', async () => {
    const { member, orderNo, courseId } = await orderAtAlipay(66);
    const { base, node } = await startVictim();
    const notification = alipay.notification(orderNo);

    // Hold the order row so that the node stops inside its settling transaction, then kill it there.
    const blocker = await db.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from orders where order_id = $1 for update', [orderNo]);
      const delivered = fetch(`${base}/payment/callback/alipay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: notification,
      }).then(
        async (response) => `answered ${response.status} ${await response.text()}`,
        () => 'no answer',
      );
      const deadline = Date.now() + 10_000;
      while (!(await someoneWaitsForALock(blocker))) {
        if (Date.now() > deadline) throw new Error('the node never reached the order row');
        await sleep(50);
      }
      await killNode(node);
      expect(await delivered).toBe('no answer');
    } finally {
      await blocker.query('rollback');
      blocker.release();
    }
    const [unpaid] = await rows('select status from orders where order_id = $1', [orderNo]);
    expect(unpaid.status).not.toBe(9);

    // Alipay retries the same notification until it hears "success", and may repeat it after.
    expect((await notifySurvivor(notification)).body).toBe('success');
    expect((await notifySurvivor(notification)).body).toBe('success');

    const [order] = await rows('select id, status, amount from orders where order_id = $1', [orderNo]);
    expect(order).toMatchObject({ status: 9, amount: 66_00 });
    expect(
      await rows('select count(*)::int as n from user_courses where user_id = $1 and course_id = $2', [
        member.id,
        courseId,
      ]),
    ).toEqual([{ n: 1 }]);
    expect(await rows('select user_count from courses where id = $1', [courseId])).toEqual([
      { user_count: 1 },
    ]);
    expect(
      await rows('select count(*)::int as n from notifications where user_id = $1 and message = $2', [
        member.id,
        `订单${orderNo}已支付`,
      ]),
    ).toEqual([{ n: 1 }]);
    // Nothing taken for a second payment: no refund opened.
    expect(await rows('select count(*)::int as n from refunds where order_id = $1', [order.id])).toEqual([
      { n: 0 },
    ]);
  }, 60_000);

  it('a broadcast whose node died inside a batch is finished by another node: one copy per member', async () => {
    const members = (
      await rows<{ id: number }>(
        `insert into users (mobile, nick_name, password, created_at)
         select '1772' || lpad(n::text, 7, '0'), '群发学员' || n, '', now()
           from generate_series(1, 1200) as n
         returning id`,
        [],
      )
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);
    const editor = await signedInAdmin(t, 'content', 'faults-editor');
    const created = await editor.request<{ id: number }>({
      method: 'POST',
      url: '/api/admin/broadcasts',
      payload: { message: '停机维护通知', audience: 'all' },
    });
    expect(created.code).toBe(0);
    const broadcastId = created.data.id;
    const progress = async () =>
      (await rows('select state, sent, total from message_broadcasts where id = $1', [broadcastId]))[0];

    // A member of the second batch held: the node writes the first batch, then waits inside the second.
    const blocker = await db.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from users where id = $1 for update', [members[700]]);
      const { node } = await startVictim({ JOBS_ENABLED: '1', JOB_INTERVALS: 'message-broadcasts=1' });
      const deadline = Date.now() + 20_000;
      while ((await progress()).sent < 500 || !(await someoneWaitsForALock(blocker))) {
        if (Date.now() > deadline)
          throw new Error(`the job never reached the second batch: ${node.output.join('\n')}`);
        await sleep(50);
      }
      await killNode(node);
    } finally {
      await blocker.query('rollback');
      blocker.release();
    }
    expect(await progress()).toMatchObject({ state: 'sending', sent: 500 });

    // The survivor's run of the same job resumes after the last member written.
    await deliverBroadcasts(t.services.db, new Date());
    const copies = await rows<{ user_id: number; n: number }>(
      'select user_id, count(*)::int as n from notifications where broadcast_id = $1 group by user_id',
      [broadcastId],
    );
    expect(copies.filter((row) => row.n !== 1)).toEqual([]);
    const reached = new Set(copies.map((row) => row.user_id));
    expect(members.filter((id) => !reached.has(id))).toEqual([]);
    expect(await progress()).toEqual({ state: 'done', sent: copies.length, total: copies.length });
  }, 60_000);

  it.runIf(ffmpegInstalled)(
    'a transcode whose worker process was killed is taken over once its lease lapses, and published once',
    async () => {
      const source = makeTestVideo(dataDir, { seconds: 2, width: 320, height: 180, name: 'faults.mp4' });
      const course = await addCourse(t.services.db, { charge: 9 });
      const video = await addVideo(t.services.db, course, { url: '', duration: 0 });
      const staged = stageSource(t.services.env.dataDir, source, 1 << 30);
      const assetId = await registerVideoSource(t.services.db, video, staged, new Date());
      const asset = async () =>
        (
          await rows(
            'select status, claim_token, claimed_by, attempts, generation from media_assets where id = $1',
            [assetId],
          )
        )[0];

      // The victim shares the media folder (as nodes on one volume do) and transcodes in the background.
      const { node } = await startVictim({
        DATA_DIR: t.services.env.dataDir,
        MEDIA_TRANSCODE_CONCURRENCY: '1',
        JOBS_ENABLED: '1',
      });
      const blocker = await db.connect();
      let victimClaim = '';
      try {
        const deadline = Date.now() + 20_000;
        while ((await asset()).status !== 'transcoding') {
          if (Date.now() > deadline) throw new Error(`never claimed: ${node.output.join('\n')}`);
          await sleep(20);
        }
        // Held from here: the victim's next lease renewal or its publish waits, and it dies waiting.
        await blocker.query('begin');
        await blocker.query('select id from media_assets where id = $1 for update', [assetId]);
        victimClaim = (await asset()).claim_token;
        while (!(await someoneWaitsForALock(blocker))) {
          if (Date.now() > deadline) throw new Error('the victim never came back to the asset');
          await sleep(50);
        }
        // A dead machine takes its ffmpeg with it.
        const children = spawnSync('pgrep', ['-P', String(node.process.pid)], { encoding: 'utf8' })
          .stdout.split('\n')
          .filter(Boolean)
          .map(Number);
        await killNode(node);
        for (const pid of children) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
        }
      } finally {
        await blocker.query('rollback');
        blocker.release();
      }
      expect(await asset()).toMatchObject({
        status: 'transcoding',
        claim_token: victimClaim,
        generation: null,
      });
      // Its half-written generation is on the shared volume, unpublished.
      expect(fs.readdirSync(t.services.media.assetDir(assetId))).toEqual([victimClaim]);

      // While the lease runs nobody else may take it; once it has lapsed (moved back here) another worker does.
      const survivor = t.services.media.anotherWorker('survivor');
      expect(await survivor.claimNext({ assetId })).toBeNull();
      await db.query(`update media_assets set lease_until = now() - interval '1 second' where id = $1`, [
        assetId,
      ]);
      const claimed = (await survivor.claimNext({ assetId }))!;
      expect(claimed).toMatchObject({ claimed_by: 'survivor', attempts: 2 });
      expect(await survivor.process(claimed)).toBe('ready');
      expect(await asset()).toMatchObject({
        status: 'ready',
        claim_token: null,
        generation: claimed.claim_token,
      });
      // One generation on disk: the victim's half-written folder is gone.
      expect(fs.readdirSync(t.services.media.assetDir(assetId))).toEqual([claimed.claim_token]);
    },
    60_000,
  );

  it('Redis killed mid-traffic: rate limits count locally, logins and signed-in calls keep working, codes answer 503, all recover', async () => {
    // A Redis of this test's own: the shared one serves everybody else.
    const redisPort = await freePort();
    const startRedis = async () => {
      const server = spawn(
        'redis-server',
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      const deadline = Date.now() + 5000;
      while (
        !(await new Promise<boolean>((resolve) => {
          const socket = net.connect(redisPort, '127.0.0.1', () => resolve(true));
          socket.on('error', () => resolve(false));
          socket.on('connect', () => socket.destroy());
        }))
      ) {
        if (Date.now() > deadline) throw new Error('redis-server did not start');
        await sleep(50);
      }
      return server;
    };
    let redis = await startRedis();
    try {
      // Rate limits on (counted in Redis while it answers).
      const { base } = await startVictim({
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        RATE_LIMIT_PER_MINUTE: '600',
      });
      const call = async (
        method: string,
        url: string,
        options: { payload?: object; token?: string } = {},
      ) => {
        const response = await fetch(`${base}${url}`, {
          method,
          headers: {
            ...(options.payload ? { 'content-type': 'application/json' } : {}),
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: options.payload ? JSON.stringify(options.payload) : undefined,
          // Within three seconds, Redis up or down: a request is never held through reconnects.
          signal: AbortSignal.timeout(3000),
        });
        return {
          status: response.status,
          body: (await response.json()) as { code: number; message: string; data: any },
        };
      };
      const member = await newMember();
      const mobile = `1397100${String(mobileSeq).padStart(4, '0')}`;
      await db.query('update users set password = $1 where id = $2', [
        await hashPassword('faults-pass-1'),
        member.id,
      ]);
      const login = () =>
        call('POST', '/api/v2/login/password', { payload: { mobile, password: 'faults-pass-1' } });
      const before = await login();
      expect(before.body).toMatchObject({ code: 0, data: { token: expect.any(String) } });
      const token = before.body.data.token as string;

      redis.kill('SIGKILL');
      await new Promise((resolve) => redis.once('exit', resolve));
      expect((await login()).body).toMatchObject({ code: 0, data: { token: expect.any(String) } });
      expect(
        (
          await call('POST', '/api/v2/login/password', {
            payload: { mobile, password: 'wrong-one' },
          })
        ).body,
      ).toMatchObject({ code: 1, message: '手机号或密码错误' });
      expect((await call('GET', '/api/v2/member/detail', { token })).body).toMatchObject({ code: 0 });
      // What cannot work without the store says so plainly, never 500.
      expect(await call('GET', '/api/v2/captcha/image')).toEqual({
        status: 503,
        body: { code: 1, message: '服务繁忙，请稍后再试', data: [] },
      });

      redis = await startRedis();
      const deadline = Date.now() + 10_000;
      let captcha = await call('GET', '/api/v2/captcha/image');
      while (captcha.status !== 200 && Date.now() < deadline) {
        await sleep(200);
        captcha = await call('GET', '/api/v2/captcha/image');
      }
      expect(captcha.body).toMatchObject({ code: 0, data: { key: expect.any(String) } });
      expect((await login()).body.code).toBe(0);
    } finally {
      redis.kill('SIGKILL');
    }
  }, 60_000);
});
