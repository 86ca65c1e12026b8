import { vi } from 'vitest';
import type { MemberDetail, SiteConfig } from '@/shared/api/types';
import { DEFAULT_CONFIG } from '@/shared/store/app-store';

export type Handler = (request: {
  body: Record<string, unknown>;
  url: URL;
  headers: Record<string, string>;
}) => unknown;

export const ok = <T>(data: T) => ({ code: 0, message: '', data });
export const fail = (message: string, code = 1) => ({ code, message, data: [] });

export function testConfig(overrides: Partial<SiteConfig> = {}): SiteConfig {
  return { ...DEFAULT_CONFIG, name: '课栈', webname: '课栈', url: 'http://api.test', ...overrides };
}

export function testMember(overrides: Partial<MemberDetail> = {}): MemberDetail {
  return {
    id: 1,
    avatar: '',
    nick_name: '小课',
    mobile: '13800000000',
    is_bind_mobile: 1,
    is_face_verify: false,
    role: null,
    ...overrides,
  };
}

/**
 * Stubs `fetch` with handlers keyed by "METHOD /path". A handler returns an envelope (sent as
 * HTTP 200 JSON) or a Response; unknown calls fail the test loudly.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { key: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ key, body, headers });
    const handler = handlers[key];
    if (!handler) throw new Error(`unexpected API call ${key}`);
    const result = await handler({ body, url, headers });
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, called: (key: string) => calls.filter((c) => c.key === key) };
}
