import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEnvelopeEndpoint, type Endpoint } from '@kezhan/contract/endpoint';
import { systemApi } from '@kezhan/contract/config';
import { coursesApi, type CourseListPage } from '@kezhan/contract/courses';
import { authApi } from '@kezhan/contract/auth';
import { memberApi } from '@kezhan/contract/member';
import { messagesApi } from '@kezhan/contract/messages';
import { ordersApi, paymentsApi } from '@kezhan/contract/orders';
import { announcementsApi } from '@kezhan/contract/announcements';
import { navigationApi } from '@kezhan/contract/navigation';
import { commentsApi } from '@kezhan/contract/comments';
import { agreementsApi } from '@kezhan/contract/agreements';
import { unifiedOrderApi } from '@kezhan/contract/unified-order';
import { wechatShareApi } from '@kezhan/contract/wechat-share';
import { pcApi } from '@kezhan/contract/pc';
import { seedDemoIfEmpty } from '../src/seed/demo-seed';
import { createTestApp, TEST_CAPTCHA, type TestApp } from './test-app';

/**
 * The compatibility claim, replayed: for each MeEdu client generation, the calls its main journey
 * makes (home → list → detail → login → member → study → order), in order, each answer checked
 * against the endpoint's declaration in packages/contract. A change that would break one of these
 * clients fails here.
 */

interface CallOptions {
  payload?: object;
  token?: string;
  headers?: Record<string, string>;
}

class Journey {
  readonly steps: string[] = [];
  constructor(private readonly t: TestApp) {}

  async call<T = unknown>(endpoint: Endpoint, url: string, options: CallOptions = {}): Promise<T> {
    const res = await this.t.request<T>({
      method: endpoint.method,
      url,
      payload: options.payload,
      token: options.token,
      headers: options.headers,
    });
    this.steps.push(`${endpoint.method} ${url.split('?')[0]}`);
    expect(res.statusCode, url).toBe(200);
    expect([res.code, res.message], url).toEqual([0, '']);
    if (isEnvelopeEndpoint(endpoint)) {
      const checked = endpoint.data.safeParse(res.data);
      expect(checked.success ? [] : checked.error.issues, `${url} answered outside the contract`).toEqual([]);
    }
    return res.data;
  }
}

describe('client replays: every MeEdu client generation completes its journey', () => {
  let t: TestApp;
  let freeCourse: number;
  let paidCourse: number;
  let freeVideo: number;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.services);
    await t.services.settings.set('payment.handPay.enabled', '1');
    await t.services.settings.set('payment.sandbox.enabled', '1');
    const list = (await t.request<CourseListPage>({ method: 'GET', url: '/api/v2/courses?page_size=50' }))
      .data;
    freeCourse = list.data.find((c) => c.charge === 0 && c.title.includes('Python'))!.id;
    paidCourse = list.data.find((c) => c.charge > 0)!.id;
    const detail = await t.request<{ videos: Record<string, { id: number }[]> | { id: number }[][] }>({
      method: 'GET',
      url: `/api/v2/course/${freeCourse}`,
    });
    freeVideo = Object.values(detail.data.videos).flat()[0].id;
  });
  afterAll(() => t.close());

  async function smsLogin(journey: Journey, mobile: string): Promise<string> {
    const captcha = await journey.call<{ key: string }>(authApi.captchaImage, '/api/v2/captcha/image');
    await journey.call(authApi.sendSms, '/api/v2/captcha/sms', {
      payload: { mobile, image_key: captcha.key, image_captcha: TEST_CAPTCHA, scene: 'login' },
    });
    const login = await journey.call<{ token: string }>(authApi.mobileLogin, '/api/v2/login/mobile', {
      payload: { mobile, mobile_code: t.lastSmsCode(mobile, 'login') },
    });
    return login.token;
  }

  it('the 2024 MeEdu h5', async () => {
    const j = new Journey(t);
    await j.call(systemApi.config, '/api/v2/other/config');
    await j.call(coursesApi.viewBlocks, '/api/v2/viewBlock/page/blocks?platform=h5&page_name=h5-page-index');
    await j.call(coursesApi.list, '/api/v2/courses?page=1&page_size=10&scene=');
    await j.call(coursesApi.detail, `/api/v2/course/${freeCourse}`);
    await j.call(coursesApi.comments, `/api/v2/course/${freeCourse}/comments`);
    const token = await smsLogin(j, '13980000024');
    await j.call(memberApi.detail, '/api/v2/member/detail', { token });
    await j.call(messagesApi.unreadCount, '/api/v2/member/unreadNotificationCount', { token });
    await j.call(coursesApi.video, `/api/v2/video/${freeVideo}`, { token });
    await j.call(coursesApi.playInfo, `/api/v2/video/${freeVideo}/playinfo?is_try=0`, { token });
    await j.call(coursesApi.record, `/api/v2/video/${freeVideo}/record`, { token, payload: { duration: 5 } });
    await j.call(coursesApi.boughtCourses, '/api/v3/member/courses?page=1&size=10', { token });
    await j.call(paymentsApi.methods, '/api/v2/order/payments?scene=h5', { token });
    const order = await j.call<{ order_id: string }>(ordersApi.createCourseOrder, '/api/v2/order/course', {
      token,
      payload: { course_id: paidCourse, promo_code: '' },
    });
    await j.call(ordersApi.status, `/api/v2/order/status?order_id=${order.order_id}`, { token });
    await j.call(ordersApi.memberOrders, '/api/v2/member/orders?page=1&page_size=10', { token });
    expect(j.steps).toHaveLength(18);
  });

  it('the 2026 MeEdu h5', async () => {
    const j = new Journey(t);
    await j.call(systemApi.config, '/api/v2/other/config');
    await j.call(coursesApi.decorationBlocks, '/api/v2/decorationPage/blocks?page_name=h5-page-index');
    const latest = await j.call<{ id: number }>(announcementsApi.latest, '/api/v2/announcement/latest');
    await j.call(announcementsApi.detail, `/api/v2/announcement/${latest.id}`);
    await j.call(
      wechatShareApi.jsSdk,
      `/api/v3/other/wechat-mp-jssdk?path=${encodeURIComponent('http://h5.test/')}`,
    );
    await j.call(coursesApi.list, '/api/v2/courses?page=1&page_size=10');
    await j.call(coursesApi.detail, `/api/v2/course/${freeCourse}`);
    await j.call(commentsApi.list, `/api/v3/comments?rt=1&rid=${freeCourse}`);
    const token = await smsLogin(j, '13980000026');
    const member = await j.call<{ agreement_status: object }>(memberApi.detail, '/api/v2/member/detail', {
      token,
    });
    expect(member.agreement_status).toEqual({ user_agreement_agreed: true, privacy_policy_agreed: true });
    await j.call(agreementsApi.agree, '/api/v2/member/agreement/agree', { token, payload: {} });
    await j.call(coursesApi.video, `/api/v2/video/${freeVideo}`, { token });
    await j.call(coursesApi.playInfo, `/api/v2/video/${freeVideo}/playinfo?is_try=0`, { token });
    await j.call(coursesApi.record, `/api/v2/video/${freeVideo}/record`, { token, payload: { duration: 5 } });
    const posted = await j.call<{ id: string }>(commentsApi.store, '/api/v3/comment/store', {
      token,
      payload: { rt: 2, rid: freeVideo, content: '讲得很清楚，谢谢老师', parent_id: 0 },
    });
    await j.call(
      commentsApi.replies,
      `/api/v3/comments/replies?rt=2&rid=${freeVideo}&parent_id=${posted.id}`,
    );
    await j.call(coursesApi.learnedCourses, '/api/v3/member/courses/learned?page=1&size=10', { token });
    const order = await j.call<{ order_no: string; pay_url: string }>(
      unifiedOrderApi.create,
      '/api/v3/order',
      {
        token,
        payload: { goods_type: 'COURSE', goods_id: paidCourse, promo_code: '', agree_protocol: 1 },
      },
    );
    const cashier = await t.app.inject({
      method: 'GET',
      url: `${new URL(order.pay_url).pathname}${new URL(order.pay_url).search}`,
    });
    expect(cashier.statusCode).toBe(200);
    await j.call(ordersApi.status, `/api/v2/order/status?order_id=${order.order_no}`, { token });
    await j.call(ordersApi.memberOrders, '/api/v2/member/orders?page=1&page_size=10', { token });
  });

  it('the MeEdu PC client', async () => {
    const j = new Journey(t);
    await j.call(systemApi.config, '/api/v2/other/config');
    await j.call(navigationApi.navs, '/api/v2/navs');
    await j.call(navigationApi.links, '/api/v2/links');
    await j.call(navigationApi.sliders, '/api/v2/sliders?platform=PC');
    await j.call(coursesApi.viewBlocks, '/api/v2/viewBlock/page/blocks?platform=pc&page_name=pc-page-index');
    const blocks = await j.call<unknown[]>(
      coursesApi.decorationBlocks,
      '/api/v2/decorationPage/blocks?page_name=pc-page-index',
    );
    expect(blocks.length).toBeGreaterThan(0);
    await j.call(announcementsApi.list, '/api/v2/announcements?page=1&size=5');
    await j.call(coursesApi.list, '/api/v2/courses?page=1&page_size=16');
    await j.call(coursesApi.detail, `/api/v2/course/${paidCourse}`);
    await j.call(coursesApi.comments, `/api/v2/course/${paidCourse}/comments`);
    const mobile = '13980000099';
    const captcha = await j.call<{ key: string }>(authApi.captchaImage, '/api/v2/captcha/image');
    await j.call(authApi.sendSms, '/api/v2/captcha/sms', {
      payload: { mobile, image_key: captcha.key, image_captcha: TEST_CAPTCHA, scene: 'register' },
    });
    await j.call(pcApi.registerSms, '/api/v2/register/sms', {
      payload: { mobile, mobile_code: t.lastSmsCode(mobile, 'register'), password: 'pc-secret-1' },
    });
    const { token } = await j.call<{ token: string }>(authApi.passwordLogin, '/api/v2/login/password', {
      payload: { mobile, password: 'pc-secret-1' },
    });
    await j.call(memberApi.detail, '/api/v2/member/detail', { token });
    await j.call(pcApi.creditRecords, '/api/v2/member/credit1Records?page=1&page_size=10', { token });
    await j.call(coursesApi.video, `/api/v2/video/${freeVideo}`, { token });
    await j.call(coursesApi.playInfo, `/api/v2/video/${freeVideo}/playinfo`, { token });
    await j.call(coursesApi.record, `/api/v2/video/${freeVideo}/record`, { token, payload: { duration: 3 } });
    const lessons = await j.call<unknown[]>(
      pcApi.learnedCourse,
      `/api/v3/member/learned/course/${freeCourse}`,
      { token },
    );
    expect(lessons.length).toBeGreaterThan(0);
    const methods = await j.call<{ sign: string }[]>(paymentsApi.methods, '/api/v2/order/payments?scene=pc', {
      token,
    });
    expect(methods.length).toBeGreaterThan(0);
    const order = await j.call<{ order_id: string }>(ordersApi.createCourseOrder, '/api/v2/order/course', {
      token,
      payload: { course_id: paidCourse },
    });
    await j.call(ordersApi.status, `/api/v2/order/status?order_id=${order.order_id}`, { token });
    await j.call(ordersApi.memberOrders, '/api/v2/member/orders?page=1&page_size=10', { token });
    await j.call(messagesApi.markAllRead, '/api/v2/member/notificationMarkAllAsRead', { token });
  });

  it('paths no client may get the h5 page for: unknown /api/… and /addons/… are JSON 404s', async () => {
    for (const url of ['/api/v2/no-such-thing', '/addons/Zhibo/api/v1/courses', '/api/v3/order/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: '接口不存在', data: [] });
    }
  });
});
