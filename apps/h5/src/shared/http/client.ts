import type { Envelope } from '../api/types';
import { clearToken, getToken } from '../storage/storage';
import { showToast } from '../ui/toast';
import { getApiBase, isApiOnThisOrigin } from './api-base';
import { takeBootAnswer } from './boot-answers';
import { takeEarlyRequest } from './early-requests';
import { navigateTo } from './navigation';

export const HTTP_TIMEOUT_MS = 15000;

export const MESSAGES = {
  relogin: '请重新登录',
  network: '网络连接失败，请检查网络后重试',
  timeout: '请求超时，请稍后重试',
  server: '服务器开小差了，请稍后重试',
} as const;

export type ApiErrorKind =
  'business' | 'unauthorized' | 'not-found' | 'http' | 'network' | 'timeout' | 'aborted' | 'bad-response';

/** Every failed call rejects with this, so callers can always read `code` and `message`. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number;
  readonly status: number;
  readonly data: unknown;

  constructor(
    kind: ApiErrorKind,
    message: string,
    init: { code?: number; status?: number; data?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = init.code ?? -1;
    this.status = init.status ?? 0;
    this.data = init.data;
  }
}

/** The server answered that the thing asked for is not there (or not for this member). */
export function isMissingResource(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'business' || error.kind === 'not-found');
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Let the request outlive the page (progress saved on pagehide); bodies must stay small. */
  keepalive?: boolean;
  /** Suppress every toast of this call (the caller shows its own feedback). */
  quiet?: boolean;
  /**
   * `login` (default): a 401 toasts 请重新登录, clears the token and opens /login.
   * `reject`: only rejects, for calls such as the startup member detail that decide themselves.
   */
  on401?: 'login' | 'reject';
  /** `error-page` (default): an HTTP 404 opens /error. `reject`: only rejects (optional features). */
  on404?: 'error-page' | 'reject';
  /**
   * Send this site's cookies (same origin only). Only the social login code exchanges need it:
   * the server checks that the code is redeemed by the browser that started the OAuth flow. On
   * its own origin the h5 also says so (`X-Kezhan-Browser-Binding`), so the server holds it to
   * the cookie even in a browser that sends no `Sec-Fetch-Site` or `Origin`.
   */
  withBrowserCookie?: boolean;
}

type UnauthorizedListener = () => void;
let unauthorizedListener: UnauthorizedListener | null = null;

/** The store registers its logout here so a 401 also clears the logged-in user. */
export function onUnauthorized(listener: UnauthorizedListener | null): void {
  unauthorizedListener = listener;
}

/** The address relative to the API base: the path and its query. */
function addressOf(path: string, params?: QueryParams): string {
  let url = path;
  if (params) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined || value === null) continue;
      search.append(key, String(value));
    }
    const qs = search.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

/** An answer the server inlined into the page, for a GET from the same origin only. */
function inlinedAnswer<T>(method: string, address: string): Envelope<T> | null {
  if (method !== 'GET' || getApiBase() !== '') return null;
  const answer = takeBootAnswer(address) as Envelope<T> | undefined;
  return answer && typeof answer === 'object' && answer.code === 0 ? answer : null;
}

function currentLocation(): string {
  return window.location.pathname + window.location.search;
}

function handleUnauthorized(options: RequestOptions): void {
  if (options.on401 === 'reject') return;
  if (!options.quiet) showToast(MESSAGES.relogin);
  clearToken();
  unauthorizedListener?.();
  if (window.location.pathname === '/login') return;
  navigateTo(`/login?redirect=${encodeURIComponent(currentLocation())}`);
}

/** A response already under way, given up on (timeout, caller) like a fetch of our own. */
function untilAborted(response: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true });
    response.then(resolve, reject);
  });
}

export async function request<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const address = addressOf(path, options.params);
  const inlined = inlinedAnswer<T>(method, address);
  if (inlined) return inlined;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  if (options.signal) {
    if (options.signal.aborted) controller.abort();
    else options.signal.addEventListener('abort', abortFromCaller, { once: true });
  }

  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.withBrowserCookie && isApiOnThisOrigin()) headers['X-Kezhan-Browser-Binding'] = '1';
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const toast = (message: string) => {
    if (!options.quiet && message) showToast(message);
  };

  const early = method === 'GET' && token ? takeEarlyRequest(address, token) : undefined;
  let response: Response;
  try {
    response = await (early
      ? untilAborted(early, controller.signal)
      : fetch(getApiBase() + address, {
          method,
          headers,
          body,
          credentials: options.withBrowserCookie ? 'same-origin' : 'omit',
          signal: controller.signal,
          keepalive: options.keepalive,
        }));
  } catch (cause) {
    if (timedOut) {
      toast(MESSAGES.timeout);
      throw new ApiError('timeout', MESSAGES.timeout);
    }
    if (controller.signal.aborted) throw new ApiError('aborted', '请求已取消');
    toast(MESSAGES.network);
    throw new ApiError('network', MESSAGES.network, { data: cause });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  if (response.status === 401) {
    handleUnauthorized(options);
    throw new ApiError('unauthorized', MESSAGES.relogin, { code: 401, status: 401 });
  }
  if (response.status === 404) {
    if (options.on404 !== 'reject') navigateTo('/error');
    throw new ApiError('not-found', '', { status: 404 });
  }
  if (!response.ok) {
    if (response.status >= 500) toast(MESSAGES.server);
    throw new ApiError('http', response.status >= 500 ? MESSAGES.server : '', { status: response.status });
  }

  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    toast(MESSAGES.server);
    throw new ApiError('bad-response', MESSAGES.server, { status: response.status });
  }
  if (envelope === null || typeof envelope !== 'object') {
    toast(MESSAGES.server);
    throw new ApiError('bad-response', MESSAGES.server, { status: response.status });
  }

  if (envelope.code === 0) return envelope;
  if (envelope.code === 401) {
    handleUnauthorized(options);
    throw new ApiError('unauthorized', MESSAGES.relogin, {
      code: 401,
      status: response.status,
      data: envelope.data,
    });
  }
  const message = typeof envelope.message === 'string' ? envelope.message : '';
  toast(message);
  throw new ApiError('business', message, {
    code: typeof envelope.code === 'number' ? envelope.code : -1,
    status: response.status,
    data: envelope.code && typeof envelope.code === 'object' ? envelope.code : envelope.data,
  });
}

export const http = {
  get: <T>(path: string, params?: QueryParams, options?: Omit<RequestOptions, 'params'>) =>
    request<T>('GET', path, { ...options, params }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body: body ?? {} }),
  destroy: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
