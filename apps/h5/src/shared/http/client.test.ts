import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../storage/storage';
import { setApiBase } from './api-base';
import { ApiError, HTTP_TIMEOUT_MS, http, onUnauthorized } from './client';
import { setNavigator } from './navigation';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let navigate: ReturnType<typeof vi.fn<(to: string, options?: { replace?: boolean }) => void>>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  navigate = vi.fn<(to: string, options?: { replace?: boolean }) => void>();
  setNavigator(navigate);
  setApiBase(null);
  window.history.replaceState(null, '', '/study?tab=course');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setNavigator(null);
  onUnauthorized(null);
});

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('request shape', () => {
  it('sends Accept JSON, no cookies, the bearer token and a JSON body to the same origin', async () => {
    setToken('tok-1');
    fetchMock.mockResolvedValue(json({ code: 0, message: '', data: { ok: 1 } }));

    const res = await http.post<{ ok: number }>('/api/v2/login/mobile', { mobile: '13800000000' });

    expect(res.data).toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v2/login/mobile');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('omit');
    expect(init.headers).toMatchObject({
      Accept: 'application/json',
      Authorization: 'Bearer tok-1',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(init.body)).toEqual({ mobile: '13800000000' });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends same-origin cookies only when asked (the social login code exchange)', async () => {
    fetchMock.mockImplementation(async () => json({ code: 0, message: '', data: [] }));
    await http.post('/api/v3/auth/login/code', { code: 'C' }, { withBrowserCookie: true });
    expect(fetchMock.mock.calls[0][1].credentials).toBe('same-origin');
    // …and declares itself, so the server holds the exchange to the cookie in every browser.
    expect(fetchMock.mock.calls[0][1].headers['X-Kezhan-Browser-Binding']).toBe('1');
    await http.post('/api/v2/login/mobile', { mobile: '13800000000' });
    expect(fetchMock.mock.calls[1][1].headers['X-Kezhan-Browser-Binding']).toBeUndefined();
  });

  it('does not declare the cookie binding to an API on another origin (the cookie cannot travel there)', async () => {
    fetchMock.mockImplementation(async () => json({ code: 0, message: '', data: [] }));
    setApiBase(window.location.origin);
    await http.post('/api/v3/auth/login/code', { code: 'C' }, { withBrowserCookie: true });
    expect(fetchMock.mock.calls[0][1].headers['X-Kezhan-Browser-Binding']).toBe('1');
    setApiBase('https://api.example.com');
    await http.post('/api/v3/auth/login/code', { code: 'C' }, { withBrowserCookie: true });
    expect(fetchMock.mock.calls[1][1].headers['X-Kezhan-Browser-Binding']).toBeUndefined();
  });

  it('omits Authorization without a token and encodes query params', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, message: '', data: [] }));
    await http.get('/api/v3/search', { keywords: 'a b', page: 1, type: undefined });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v3/search?keywords=a+b&page=1');
    expect(init.headers.Authorization).toBeUndefined();
  });

  it('uses a base address configured at runtime (meta tag or setApiBase)', async () => {
    fetchMock.mockImplementation(async () => json({ code: 0, message: '', data: {} }));
    const meta = document.createElement('meta');
    meta.name = 'kezhan-api-base';
    meta.content = 'https://api.example.com/';
    document.head.appendChild(meta);
    await http.get('/api/v2/other/config');
    expect(fetchMock.mock.calls[0][0]).toBe('https://api.example.com/api/v2/other/config');
    meta.remove();

    setApiBase('http://127.0.0.1:9999');
    await http.get('/api/v2/other/config');
    expect(fetchMock.mock.calls[1][0]).toBe('http://127.0.0.1:9999/api/v2/other/config');
  });
});

describe('error catalogue', () => {
  it('code ≠ 0: toasts the message and rejects with code and message', async () => {
    fetchMock.mockResolvedValue(json({ code: 1, message: '图形验证码错误', data: [] }));
    const err = await http.post('/api/v2/captcha/sms', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'business', code: 1, message: '图形验证码错误' });
    await flush();
    expect(await screen.findByText('图形验证码错误')).toBeInTheDocument();
  });

  it('quiet calls show no toast', async () => {
    fetchMock.mockResolvedValue(json({ code: 1, message: '错误', data: [] }));
    await expect(http.get('/api/x', undefined, { quiet: true })).rejects.toMatchObject({ code: 1 });
    await flush();
    expect(screen.queryByText('错误')).not.toBeInTheDocument();
  });

  it.each([
    ['envelope code 401', () => json({ code: 401, message: '请登录', data: [] })],
    ['HTTP 401', () => new Response('', { status: 401 })],
  ])(
    '%s: toasts 请重新登录, clears the token, logs out and opens /login with the redirect',
    async (_, reply) => {
      setToken('expired');
      const logout = vi.fn();
      onUnauthorized(logout);
      fetchMock.mockResolvedValue(reply());

      await expect(http.get('/api/v2/member/detail')).rejects.toMatchObject({
        kind: 'unauthorized',
        code: 401,
      });

      expect(getToken()).toBe('');
      expect(logout).toHaveBeenCalledTimes(1);
      expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fstudy%3Ftab%3Dcourse', {});
      await flush();
      expect(await screen.findByText('请重新登录')).toBeInTheDocument();
    },
  );

  it('on401 "reject" leaves token and location alone', async () => {
    setToken('expired');
    fetchMock.mockResolvedValue(json({ code: 401, message: '请登录', data: [] }));
    await expect(http.get('/api/v2/member/detail', undefined, { on401: 'reject' })).rejects.toMatchObject({
      code: 401,
    });
    expect(getToken()).toBe('expired');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('HTTP 404: goes to /error', async () => {
    fetchMock.mockResolvedValue(new Response('not here', { status: 404 }));
    await expect(http.get('/api/v2/course/9')).rejects.toMatchObject({ kind: 'not-found', status: 404 });
    expect(navigate).toHaveBeenCalledWith('/error', {});
  });

  it('HTTP 403: rejects without a message', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 403 }));
    await expect(http.get('/api/x')).rejects.toMatchObject({ kind: 'http', status: 403 });
    await flush();
    expect(document.querySelector('.adm-toast-main')).toBeNull();
  });

  it('HTTP 5xx: rejects with a clear Chinese toast', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    await expect(http.get('/api/x')).rejects.toMatchObject({ kind: 'http', status: 502 });
    await flush();
    expect(await screen.findByText('服务器开小差了，请稍后重试')).toBeInTheDocument();
  });

  it('network failure: rejects with a clear Chinese toast instead of crashing', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = await http.get('/api/v2/other/config').catch((e: ApiError) => e);
    expect(err).toMatchObject({ kind: 'network', message: '网络连接失败，请检查网络后重试' });
    await flush();
    expect(await screen.findByText('网络连接失败，请检查网络后重试')).toBeInTheDocument();
  });

  it('non-JSON body: rejects with the server message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>', { status: 200 }));
    await expect(http.get('/api/x')).rejects.toMatchObject({ kind: 'bad-response' });
  });

  it('times out after 15 s with 请求超时，请稍后重试', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = http.get('/api/slow').catch((e: ApiError) => e);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0][1].signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await pending;
    expect(err).toMatchObject({ kind: 'timeout', message: '请求超时，请稍后重试' });
    expect(HTTP_TIMEOUT_MS).toBe(15000);
  });

  it('a caller abort rejects quietly', async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = http.get('/api/x', undefined, { signal: controller.signal }).catch((e: ApiError) => e);
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted' });
    await flush();
    expect(document.querySelector('.adm-toast-main')).toBeNull();
  });
});
