import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { FakeTencentFaceId } from '../../../test/support/fakes/tencent-faceid';

const H5 = 'https://h5.test';
const S_URL = `${H5}/auth/faceSuccess`;
const PATH = '/api/v3/member/tencent/faceVerify';
const CREDENTIALS = { secretId: 'AKIDtest', secretKey: 'tencent-secret-key', ruleId: '7' };

describe('face verification (Tencent FaceID) against a fake Tencent Cloud', () => {
  let t: TestApp;
  let tencent: FakeTencentFaceId;
  let mobileSeq = 0;
  const member = () => t.loginBySms(`137${String(10_000_000 + (mobileSeq += 1)).slice(-8)}`);

  beforeAll(async () => {
    tencent = await new FakeTencentFaceId(CREDENTIALS).start();
    t = await createTestApp({
      env: {
        FACEID_DRIVER: 'real',
        TENCENT_SECRET_ID: CREDENTIALS.secretId,
        TENCENT_SECRET_KEY: CREDENTIALS.secretKey,
        TENCENT_FACEID_RULE_ID: CREDENTIALS.ruleId,
        TENCENT_FACEID_ENDPOINT: tencent.url,
      },
    });
    await t.services.settings.set('h5_url', H5);
  });
  afterAll(async () => {
    await t.close();
    await tencent.close();
  });

  const begin = (token: string | undefined, payload: unknown = { s_url: S_URL }) =>
    t.request<Record<string, unknown>>({ method: 'POST', url: PATH, payload: payload as object, token });
  const check = (token: string | undefined, params: Record<string, string>) =>
    t.request<Record<string, unknown>>({
      method: 'GET',
      url: `${PATH}?${new URLSearchParams(params)}`,
      token,
    });
  const detail = (token: string) =>
    t.request<Record<string, any>>({ method: 'GET', url: '/api/v2/member/detail', token });

  it('starts a session with a TC3-signed DetectAuth and answers url, rule_id, biz_token, request_id', async () => {
    const token = await member();
    const res = await begin(token);
    expect(res.code).toBe(0);
    expect(Object.keys(res.data).sort()).toEqual(['biz_token', 'request_id', 'rule_id', 'url']);
    for (const key of ['biz_token', 'request_id', 'rule_id', 'url'])
      expect(typeof res.data[key]).toBe('string');
    expect(res.data.rule_id).toBe('7');
    expect(res.data.url).toBe(`https://faceid.example/h5/${res.data.biz_token}`);
    const call = tencent.calls.at(-1)!;
    expect(call.action).toBe('DetectAuth');
    expect(call.body).toMatchObject({ RuleId: '7', RedirectUrl: S_URL });
    expect(tencent.session(res.data.biz_token as string)?.redirectUrl).toBe(S_URL);
  });

  it('requires a login and a valid s_url on an allowed host', async () => {
    expect((await begin(undefined)).code).toBe(401);
    const token = await member();
    for (const payload of [
      {},
      { s_url: '' },
      { s_url: null },
      { s_url: `${H5}/${'x'.repeat(300)}` },
      { s_url: ['a'] },
    ])
      expect(await begin(token, payload)).toMatchObject({ code: 1, message: '参数错误', data: [] });
    for (const s_url of [
      'https://evil.example/auth/faceSuccess',
      'https://h5.test@evil.example/',
      'javascript:alert(1)',
      123,
    ])
      expect(await begin(token, { s_url })).toMatchObject({ code: 1, message: '非法的跳转地址' });
  });

  it('answers {status: 5} in a normal envelope until the member passes, then {status: 9} and marks them verified', async () => {
    const token = await member();
    const started = (await begin(token)).data;
    const params = { biz_token: started.biz_token as string, rule_id: started.rule_id as string };

    expect(await check(token, params)).toEqual({
      code: 0,
      message: '',
      data: { status: 5 },
      statusCode: 200,
    });

    tencent.finish(params.biz_token, { errCode: 0, name: '王小明', idCard: '110101199003071234' });
    expect(await check(token, params)).toEqual({
      code: 0,
      message: '',
      data: { status: 9 },
      statusCode: 200,
    });
    expect(tencent.calls.at(-1)).toMatchObject({
      action: 'GetDetectInfoEnhanced',
      body: { BizToken: params.biz_token, RuleId: '7' },
    });

    const me = (await detail(token)).data;
    expect(me.is_face_verify).toBe(true);
    expect(me.profile_real_name).toBe('王*明');
    expect(me.profile_id_number).toBe('110101****1234');

    expect((await check(token, params)).data).toEqual({ status: 9 });
    const notices = await t.services.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', me.id)
      .where('message', '=', '您已通过实名认证')
      .execute();
    expect(notices).toHaveLength(1);

    expect(await begin(token)).toMatchObject({ code: 1, message: '当前学员已完成实人认证' });
  });

  it('does not verify a member whose check failed', async () => {
    const token = await member();
    const started = (await begin(token)).data;
    const params = { biz_token: started.biz_token as string, rule_id: '7' };
    tencent.finish(params.biz_token, { errCode: 1001, errMsg: '活体检测不通过' });
    expect(await check(token, params)).toEqual({
      code: 0,
      message: '',
      data: { status: 5 },
      statusCode: 200,
    });
    expect((await detail(token)).data.is_face_verify).toBe(false);
    const record = await t.services.db
      .selectFrom('face_verify_records')
      .select(['status', 'failure'])
      .where('biz_token', '=', params.biz_token)
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ status: 5, failure: '1001 活体检测不通过' });
  });

  it("never answers for another member's biz_token, even a passed one", async () => {
    const owner = await member();
    const intruder = await member();
    const started = (await begin(owner)).data;
    const params = { biz_token: started.biz_token as string, rule_id: '7' };
    tencent.finish(params.biz_token, { errCode: 0, name: '李四', idCard: '110101199001011111' });
    const callsBefore = tencent.calls.length;

    expect(await check(intruder, params)).toMatchObject({ code: 1, message: '实名认证记录不存在', data: [] });
    expect(tencent.calls.length).toBe(callsBefore);
    expect((await detail(intruder)).data.is_face_verify).toBe(false);
    expect((await detail(owner)).data.is_face_verify).toBe(false);
    expect((await check(owner, params)).data).toEqual({ status: 9 });
  });

  it('answers clear messages for malformed queries', async () => {
    const token = await member();
    const started = (await begin(token)).data;
    expect((await check(token, { rule_id: '7' })).message).toBe('参数错误');
    expect((await check(token, { biz_token: started.biz_token as string })).message).toBe('参数错误');
    expect((await check(token, { biz_token: 'x'.repeat(500), rule_id: '7' })).message).toBe('参数错误');
    expect((await check(token, { biz_token: started.biz_token as string, rule_id: '8' })).message).toBe(
      '实名认证记录不存在',
    );
    expect((await check(token, { biz_token: 'unknown', rule_id: '7' })).message).toBe('实名认证记录不存在');
    expect((await check(undefined, { biz_token: 'unknown', rule_id: '7' })).code).toBe(401);
  });
});

describe('face verification when Tencent refuses us or is not configured', () => {
  let tencent: FakeTencentFaceId;
  let wrongKey: TestApp;
  let unconfigured: TestApp;
  // Two more apps on a busy machine: give their start-up room.
  beforeAll(async () => {
    tencent = await new FakeTencentFaceId(CREDENTIALS).start();
    [wrongKey, unconfigured] = await Promise.all([
      createTestApp({
        env: {
          FACEID_DRIVER: 'real',
          TENCENT_SECRET_ID: CREDENTIALS.secretId,
          TENCENT_SECRET_KEY: 'not-the-key',
          TENCENT_FACEID_RULE_ID: CREDENTIALS.ruleId,
          TENCENT_FACEID_ENDPOINT: tencent.url,
        },
      }),
      createTestApp({ env: { FACEID_DRIVER: 'real' } }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([wrongKey?.close(), unconfigured?.close()]);
    await tencent.close();
  });

  it('answers 无法发起实名认证', async () => {
    for (const other of [wrongKey, unconfigured]) {
      const token = await other.loginBySms('13600000001');
      const res = await other.request({
        method: 'POST',
        url: PATH,
        payload: { s_url: 'http://api.test/auth/faceSuccess' },
        token,
      });
      expect(res).toMatchObject({ code: 1, message: '无法发起实名认证', data: [] });
    }
    expect(tencent.rejected).toContain('AuthFailure.SignatureFailure');
    expect(tencent.calls).toHaveLength(0);
  });
});

describe('face verification with the development provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { FACEID_DRIVER: 'dev' } });
    await t.services.settings.set('h5_url', H5);
  });
  afterAll(() => t.close());

  it('walks the 模拟实名认证 page back to s_url with a passing result', async () => {
    const token = await t.loginBySms('13500000001');
    const started = await t.request<Record<string, string>>({
      method: 'POST',
      url: PATH,
      payload: { s_url: S_URL },
      token,
    });
    expect(started.code).toBe(0);
    expect(started.data.rule_id).toBe('dev');
    const page = new URL(started.data.url);
    expect(page.origin).toBe('http://api.test');
    const html = await t.app.inject({ method: 'GET', url: page.pathname + page.search });
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('模拟实名认证');
    expect(html.body).toContain('通过认证');

    const complete = await t.app.inject({
      method: 'GET',
      url: `/api/v3/dev/faceid/complete?${new URLSearchParams({ biz_token: started.data.biz_token, result: 'pass', name: '赵六', id_number: '110101199001012222' })}`,
    });
    expect(complete.statusCode).toBe(302);
    const back = new URL(complete.headers.location as string);
    expect(back.origin + back.pathname).toBe(S_URL);
    expect(back.searchParams.get('token')).toBe(started.data.biz_token);

    const result = await t.request({
      method: 'GET',
      url: `${PATH}?${new URLSearchParams({ biz_token: started.data.biz_token, rule_id: 'dev' })}`,
      token,
    });
    expect(result.data).toEqual({ status: 9 });
    const me = await t.request<Record<string, any>>({ method: 'GET', url: '/api/v2/member/detail', token });
    expect(me.data.profile_real_name).toBe('赵*');
  });

  it('shows the page only for a session it started', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v3/dev/faceid/verify?biz_token=NOPE' });
    expect(res.json()).toEqual({ code: 1, message: '参数错误', data: [] });
  });
});
