import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addCourse, addVideo, grantCourse, newMember, type TestMember } from '../../../test/support/courses';
import { signedInAdmin } from '../../../test/support/admin';

const CLASSROOM = '203.0.113.50';
const MINUTE = 60_000;

describe('a classroom behind one address', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 10, 2, 8, 0, 0);
  const members: TestMember[] = [];
  let courseId = 0;
  let videoId = 0;
  beforeAll(async () => {
    // Default budgets, on a clock the test moves.
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '600' }, now: () => new Date(clock) });
    courseId = await addCourse(t.services.db, { charge: 0 });
    videoId = await addVideo(t.services.db, courseId, { charge: 0 });
    // 60 students sign in (the per-address SMS limit allows 10 a minute, so over 6 minutes).
    for (let i = 0; i < 60; i += 1) {
      if (i > 0 && i % 10 === 0) clock += MINUTE;
      const member = await newMember(t);
      await grantCourse(t.services.db, member.id, courseId);
      members.push(member);
    }
    clock += MINUTE;
  }, 300_000);
  afterAll(() => t.close());

  const asMember = (member: TestMember, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app
      .inject({
        method,
        url,
        remoteAddress: CLASSROOM,
        headers: { authorization: `Bearer ${member.token}` },
        ...(payload ? { payload } : {}),
      })
      .then((response) => response.json().code as number);

  it('lets 60 signed-in members browse and record progress every 10 s for 2 minutes, while an abuser at that address is stopped', async () => {
    const codes = new Map<number, number>();
    const abuse = { sms: [] as number[], login: [] as number[] };
    for (let round = 0; round < 12; round += 1) {
      clock += 10_000;
      for (const member of members) {
        for (const code of [
          await asMember(member, 'GET', '/api/v2/other/config'),
          await asMember(member, 'GET', `/api/v2/course/${courseId}`),
          await asMember(member, 'POST', `/api/v2/video/${videoId}/record`, { duration: 10 * (round + 1) }),
        ])
          codes.set(code, (codes.get(code) ?? 0) + 1);
      }
      if (round === 5) {
        // One abuser in the same room hammers SMS and password login.
        for (let i = 0; i < 12; i += 1) {
          const sms = await t.app.inject({
            method: 'POST',
            url: '/api/v2/captcha/sms',
            remoteAddress: CLASSROOM,
            payload: {
              mobile: `1350000${String(i).padStart(4, '0')}`,
              image_key: 'k',
              image_captcha: 'x',
              scene: 'login',
            },
          });
          abuse.sms.push(sms.json().code);
        }
        for (let i = 0; i < 125; i += 1) {
          const login = await t.app.inject({
            method: 'POST',
            url: '/api/v2/login/password',
            remoteAddress: CLASSROOM,
            payload: { mobile: '13500000001', password: '' },
          });
          abuse.login.push(login.json().code);
        }
      }
    }
    expect(Object.fromEntries(codes)).toEqual({ 0: 60 * 12 * 3 });
    expect(abuse.sms.slice(0, 10).every((code) => code === 1)).toBe(true);
    expect(abuse.sms.slice(10)).toEqual([429, 429]);
    expect(abuse.login.slice(0, 120).every((code) => code === 1)).toBe(true);
    expect(abuse.login.slice(120)).toEqual([429, 429, 429, 429, 429]);
  }, 600_000);

  it('plays video for 60 viewers at that address (a segment every 4 s each) without a refusal', async () => {
    clock += MINUTE;
    const refused: string[] = [];
    for (let step = 0; step < 30; step += 1) {
      clock += 4_000;
      for (let viewer = 0; viewer < 60; viewer += 1) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/media/seg/${videoId}/1/full/360/seg-${step}.ts?t=viewer-${viewer}`,
          remoteAddress: CLASSROOM,
        });
        if (response.statusCode === 200 && response.json().code === 429) refused.push(`${step}/${viewer}`);
      }
    }
    expect(refused).toEqual([]);
  }, 300_000);
});

describe('budgets apart', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 10, 2, 9, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_MEDIA_PER_MINUTE: '5', RATE_LIMIT_BOOT_PER_MINUTE: '8' },
      now: () => new Date(clock),
    });
  });
  afterAll(() => t.close());

  const codesOf = async (count: number, request: InjectOptions) => {
    const codes: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const response = await t.app.inject(request);
      codes.push(
        String(response.headers['content-type']).includes('json')
          ? response.json().code
          : response.statusCode,
      );
    }
    return codes;
  };

  it('a used-up anonymous budget leaves the boot answers, the console and members of that address alone', async () => {
    const address = '198.51.100.20';
    expect(await codesOf(4, { method: 'GET', url: '/api/v3/status', remoteAddress: address })).toEqual([
      0, 0, 0, 429,
    ]);
    expect(await codesOf(9, { method: 'GET', url: '/api/v2/other/config', remoteAddress: address })).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 429,
    ]);
    const member = await newMember(t);
    expect(
      await codesOf(4, {
        method: 'GET',
        url: '/api/v2/member/detail',
        remoteAddress: address,
        headers: { authorization: `Bearer ${member.token}` },
      }),
    ).toEqual([0, 0, 0, 0]);
    const admin = await signedInAdmin(t, 'super');
    expect((await admin.request({ method: 'GET', url: '/api/admin/session' })).code).toBe(0);
    clock += MINUTE;
    expect(await codesOf(1, { method: 'GET', url: '/api/v3/status', remoteAddress: address })).toEqual([0]);
  });

  it('limits /media per address', async () => {
    const codes = await codesOf(6, {
      method: 'GET',
      url: '/media/seg/1/1/full/360/seg-0.ts?t=x',
      remoteAddress: '198.51.100.21',
    });
    expect(codes.slice(0, 5).every((code) => code !== 429)).toBe(true);
    expect(codes[5]).toBe(429);
  });

  it('counts HEAD and GET of the captcha in one budget', async () => {
    const address = '198.51.100.22';
    const codes = [];
    for (let i = 0; i < 31; i += 1) {
      const response = await t.app.inject({
        method: i % 2 ? 'HEAD' : 'GET',
        url: '/api/v2/captcha/image',
        remoteAddress: address,
      });
      codes.push(response.statusCode === 200 && response.body ? response.json().code : response.statusCode);
    }
    expect(codes.filter((code) => code === 429)).toHaveLength(1);
    expect(codes[30]).toBe(429);
  });
});

describe('the console: a budget per administrator session, per address without one', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 10, 2, 10, 0, 0);
  const OFFICE = '198.51.100.30';
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_PER_MINUTE: '600', RATE_LIMIT_CONSOLE_PER_MINUTE: '4' },
      now: () => new Date(clock),
    });
  });
  afterAll(() => t.close());

  const consoleCodes = async (count: number, cookie?: string) => {
    const codes: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/session',
        remoteAddress: OFFICE,
        headers: cookie ? { cookie } : {},
      });
      codes.push(response.json().code);
    }
    return codes;
  };

  it('two administrators in one office each have their own budget; strangers and forged cookies share the address’s', async () => {
    const first = await signedInAdmin(t, 'super', 'first');
    const second = await signedInAdmin(t, 'super', 'second');
    clock += MINUTE;
    expect(await consoleCodes(5, first.cookie)).toEqual([0, 0, 0, 0, 429]);
    // The other administrator at the same address is not held back by the first one's calls…
    expect(await consoleCodes(4, second.cookie)).toEqual([0, 0, 0, 0]);
    // …nor are calls without a session (the login page), which count per address.
    expect(await consoleCodes(5)).toEqual([401, 401, 401, 401, 429]);
    // A made-up session cookie is no session: it is counted with the address, and refused.
    expect(await consoleCodes(1, `kezhan_admin=${'f'.repeat(43)}`)).toEqual([429]);
    expect(await consoleCodes(1, second.cookie)).toEqual([429]);
    clock += MINUTE;
    expect(await consoleCodes(1, first.cookie)).toEqual([0]);
    expect(await consoleCodes(1)).toEqual([401]);
  });

  it('a signed-out session no longer has a budget of its own', async () => {
    clock += MINUTE;
    const admin = await signedInAdmin(t, 'super', 'leaving');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      remoteAddress: '198.51.100.31',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken },
    });
    expect(logout.json().code).toBe(0);
    clock += MINUTE;
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1)
      codes.push(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/admin/session',
            remoteAddress: '198.51.100.31',
            headers: { cookie: admin.cookie },
          })
        ).json().code,
      );
    expect(codes).toEqual([401, 401, 401, 401, 429]);
  });
});
