import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertSafeForProduction, readEnv } from '../../config/env';
import { MemoryStore } from '../../shared/store/memory-store';
import { DevOAuthProvider } from './dev-oauth-provider';
import { DevFaceIdProvider } from '../faceid/dev-faceid-provider';
import { fetchVendorJson, OAuthError } from './oauth-provider';
import { QqOAuthClient } from './qq-oauth-client';

/** A tiny server answering fixed bodies per path, for the odd vendor formats. */
async function fixedServer(bodies: Record<string, string>) {
  const server = http.createServer((req, res) => {
    const body = bodies[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/plain' });
    res.end(body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('vendor answers', () => {
  let fixed: Awaited<ReturnType<typeof fixedServer>>;
  beforeAll(async () => {
    fixed = await fixedServer({
      '/jsonp': 'callback( {"client_id":"101","openid":"ABC"} );\n',
      '/form': 'access_token=T0K&expires_in=7776000&refresh_token=R',
      '/json': '{"errcode":40029,"errmsg":"invalid code"}',
      '/html': '<html>busy</html>',
      // QQ: a token that belongs to another application.
      '/oauth2.0/token': '{"access_token":"T","expires_in":"1"}',
      '/oauth2.0/me': '{"client_id":"999","openid":"SOMEONE"}',
    });
  });
  afterAll(() => new Promise<void>((resolve) => fixed.server.close(() => resolve())));

  it('reads QQ callback( … ) answers, form-encoded tokens and plain JSON', async () => {
    expect(await fetchVendorJson(`${fixed.url}/jsonp`)).toEqual({ client_id: '101', openid: 'ABC' });
    expect(await fetchVendorJson(`${fixed.url}/form`)).toMatchObject({ access_token: 'T0K' });
    expect(await fetchVendorJson(`${fixed.url}/json`)).toEqual({ errcode: 40029, errmsg: 'invalid code' });
    await expect(fetchVendorJson(`${fixed.url}/html`)).rejects.toBeInstanceOf(OAuthError);
    await expect(fetchVendorJson('http://127.0.0.1:9/')).rejects.toBeInstanceOf(OAuthError);
  });

  it("refuses a QQ token issued to another application's client_id", async () => {
    const client = new QqOAuthClient({ clientId: '101', clientSecret: 's', apiBase: fixed.url });
    await expect(client.fetchUser({ code: 'c', redirectUri: 'http://api.test/cb' })).rejects.toThrow(
      /another|client 999/,
    );
  });
});

describe('development providers', () => {
  it('are refused in production, by the providers and by the start-up check', () => {
    const store = new MemoryStore();
    expect(() => new DevOAuthProvider('qq', 'http://api.test', store, true)).toThrow(/production/);
    expect(() => new DevFaceIdProvider('http://api.test', store, true)).toThrow(/production/);
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      MEDIA_SIGNING_SECRET: 's'.repeat(40),
      MEDIA_KEY_SECRET: 'k'.repeat(40),
      SMS_DRIVER: 'aliyun',
    };
    expect(readEnv(production).social.driver).toBe('real');
    expect(readEnv(production).faceId.driver).toBe('real');
    expect(() => assertSafeForProduction(readEnv(production))).not.toThrow();
    expect(() => assertSafeForProduction(readEnv({ ...production, SOCIAL_DRIVER: 'dev' }))).toThrow(
      /SOCIAL_DRIVER/,
    );
    expect(() => assertSafeForProduction(readEnv({ ...production, FACEID_DRIVER: 'dev' }))).toThrow(
      /FACEID_DRIVER/,
    );
    expect(() => readEnv({ SOCIAL_DRIVER: 'fake' })).toThrow(/SOCIAL_DRIVER must be dev or real/);
  });

  it('mint codes only for our own login callbacks, once', async () => {
    const dev = new DevOAuthProvider('wechat', 'http://api.test', new MemoryStore(), false);
    const user = { openid: 'o', unionid: '', nickname: 'n', avatar: '' };
    await expect(dev.approve(user, 'https://evil.example/api/v3/auth/login/x', 's')).rejects.toBeInstanceOf(
      OAuthError,
    );
    await expect(dev.approve(user, 'http://api.test/api/v2/other', 's')).rejects.toBeInstanceOf(OAuthError);
    const callback = 'http://api.test/api/v3/auth/login/wechat/callback?data=abc';
    const back = new URL(await dev.approve(user, callback, 'tag'));
    expect(back.searchParams.get('state')).toBe('tag');
    const code = back.searchParams.get('code')!;
    await expect(dev.fetchUser({ code, redirectUri: 'http://api.test/other' })).rejects.toBeInstanceOf(
      OAuthError,
    );
    const again = new URL(await dev.approve(user, callback, 'tag')).searchParams.get('code')!;
    expect(await dev.fetchUser({ code: again, redirectUri: callback })).toEqual(user);
    await expect(dev.fetchUser({ code: again, redirectUri: callback })).rejects.toBeInstanceOf(OAuthError);
  });
});
