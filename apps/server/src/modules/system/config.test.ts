import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('GET /api/v2/other/config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers every configuration field with its default and exact JSON type', async () => {
    const res = await t.request<Record<string, any>>({ method: 'GET', url: '/api/v2/other/config' });
    expect(res.statusCode).toBe(200);
    expect(res.code).toBe(0);
    expect(res.message).toBe('');
    const config = res.data;
    expect(config.name).toBe('课栈');
    expect(config.webname).toBe('课栈');
    expect(config.url).toBe('http://api.test');
    expect(config.pc_url).toBe('');
    expect(config.logo).toEqual({ logo: 'http://api.test/images/logo.png', white_logo: 'http://api.test/' });
    expect(config.user_protocol).toBe('http://api.test/user/protocol');
    expect(config.user_private_protocol).toBe('http://api.test/user/private_protocol');
    expect(config.aboutus).toBe('http://api.test/aboutus');
    expect(config.paid_content_purchase_protocol).toBe('http://api.test/user/paid_content_purchase_protocol');
    expect(config.member).toEqual({ enabled_mobile_bind_alert: 0, enabled_face_verify: false });
    expect(config.socialites).toEqual({ qq: 0, wechat_scan: 0, wechat_oauth: 0 });
    expect(config.credit1_reward).toEqual({
      register: 0,
      watched_vod_course: 0,
      watched_video: 0,
      paid_order: '',
    });
    expect(config.player).toEqual({
      cover: 'http://api.test/images/player-thumb.png',
      enabled_bullet_secret: 0,
      bullet_secret: { size: 14, color: 'red', opacity: 1, text: '${mobile}' },
    });
    expect(config.enabled_addons).toEqual([]);
    for (const key of ['icp', 'icp_link', 'icp2', 'icp2_link', 'h5_url'])
      expect(typeof config[key]).toBe('string');
    for (const key of ['sliders', 'navs', 'links']) expect(config[key]).toEqual([]);
  });

  it('serves the 付费内容购买协议 page from the protocol.paid_content setting', async () => {
    await t.services.settings.set('protocol.paid_content', '<p>七天内可退款。</p>');
    const res = await t.app.inject({ method: 'GET', url: '/user/paid_content_purchase_protocol' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1 style="font-size:18px">付费内容购买协议</h1>');
    expect(res.body).toContain('<p>七天内可退款。</p>');
  });

  it('reflects a changed setting on the next request, with its type', async () => {
    await t.services.settings.set('member.enabled_face_verify', 'true');
    await t.services.settings.set('socialites.qq', '1');
    await t.services.settings.set('pc_url', 'https://pc.example.com/');
    const res = await t.request<Record<string, any>>({ method: 'GET', url: '/api/v2/other/config' });
    expect(res.data.member.enabled_face_verify).toBe(true);
    expect(res.data.socialites.qq).toBe(1);
    expect(res.data.pc_url).toBe('https://pc.example.com');
  });

  it('answers a config over 1 KB compressed as the client accepts, prepared again when a setting changes', async () => {
    const url = '/api/v2/other/config';
    await t.services.settings.set('icp', `京ICP备${'0'.repeat(1200)}号`);
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0.5' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const refused = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'x-no-compression': '1' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);

    await t.services.settings.set('icp', `沪ICP备${'1'.repeat(1200)}号`);
    const changed = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(JSON.parse(brotliDecompressSync(changed.rawPayload).toString()).data.icp).toBe(
      `沪ICP备${'1'.repeat(1200)}号`,
    );
    await t.services.settings.set('icp', '');
  });

  it('rejects a setting value that does not fit its type', async () => {
    await expect(t.services.settings.set('socialites.qq', 'yes')).rejects.toThrow('must be an integer');
    await expect(t.services.settings.set('no.such.key', '1')).rejects.toThrow('Unknown setting');
  });
});
