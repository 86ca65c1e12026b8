import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../storage/storage';
import { setApiBase } from './api-base';
import { ApiError, HTTP_TIMEOUT_MS, http } from './client';
import { MEMBER_DETAIL_ADDRESS, startEarlyRequests, takeEarlyRequest } from './early-requests';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setApiBase(null);
});

afterEach(() => {
  takeEarlyRequest(MEMBER_DETAIL_ADDRESS, 'tok-1');
  clearToken();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the member detail asked for by the entry', () => {
  it('is asked for at once with the kept token, and the app takes that answer instead of asking again', async () => {
    setToken('tok-1');
    fetchMock.mockResolvedValue(json({ code: 0, message: '', data: { id: 7, nick_name: '小明' } }));
    startEarlyRequests();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v2/member/detail');
    expect(init).toMatchObject({
      credentials: 'omit',
      headers: { Accept: 'application/json', Authorization: 'Bearer tok-1' },
    });

    const first = await http.get<{ nick_name: string }>('/api/v2/member/detail');
    expect(first.data.nick_name).toBe('小明');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Used once: the next request goes to the network.
    fetchMock.mockResolvedValue(json({ code: 0, message: '', data: { id: 7, nick_name: '小红' } }));
    const second = await http.get<{ nick_name: string }>('/api/v2/member/detail');
    expect(second.data.nick_name).toBe('小红');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks for nothing without a token', () => {
    startEarlyRequests();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not used for another token (a login in between)', async () => {
    setToken('tok-1');
    fetchMock.mockResolvedValue(json({ code: 0, message: '', data: { nick_name: '旧账号' } }));
    startEarlyRequests();
    setToken('tok-2');
    fetchMock.mockResolvedValue(json({ code: 0, message: '', data: { nick_name: '新账号' } }));
    const answer = await http.get<{ nick_name: string }>('/api/v2/member/detail');
    expect(answer.data.nick_name).toBe('新账号');
    expect(fetchMock.mock.calls[1][1].headers.Authorization).toBe('Bearer tok-2');
  });

  it('goes through the same checks as any answer: an expired token is a 401', async () => {
    setToken('tok-1');
    fetchMock.mockResolvedValue(json({ code: 401, message: '请登录', data: [] }, 401));
    startEarlyRequests();
    await expect(
      http.get('/api/v2/member/detail', undefined, { on401: 'reject', quiet: true }),
    ).rejects.toMatchObject({ kind: 'unauthorized', code: 401 });
  });

  it('times out like a request of its own', async () => {
    vi.useFakeTimers();
    setToken('tok-1');
    fetchMock.mockReturnValue(new Promise(() => undefined));
    startEarlyRequests();
    const pending = http.get('/api/v2/member/detail', undefined, { quiet: true });
    const outcome = expect(pending).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS);
    await outcome;
    await expect(pending).rejects.toMatchObject({ kind: 'timeout' });
  });
});
