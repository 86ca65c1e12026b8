import type { Envelope } from '@kezhan/contract/envelope';
import { ADMIN_CSRF_HEADER } from '@kezhan/contract/admin/permissions';

/** A failed answer: `code` 1 (business), 401 (signed out), 403 (no permission), 0 for network. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let csrfToken = '';
/** Sent in X-CSRF-Token with every change; comes with the session (login or GET /api/admin/session). */
export const setCsrfToken = (token: string) => {
  csrfToken = token;
};

const signedOutListeners = new Set<() => void>();
/** Called when the server says the session is gone (expired, revoked, disabled). */
export const onSignedOut = (listener: () => void) => {
  signedOutListeners.add(listener);
  return () => {
    signedOutListeners.delete(listener);
  };
};

type Query = Record<string, string | number | undefined | null>;

function withQuery(path: string, query?: Query) {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Every console call: same origin, the session cookie (HttpOnly, never seen here) sent by the
 * browser, the CSRF token on changes, the envelope unwrapped. 15 s timeout (2 minutes for an
 * upload piece sent as `bytes` or a file sent as `form`).
 */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { query?: Query; body?: unknown; bytes?: Blob; form?: FormData } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers[ADMIN_CSRF_HEADER] = csrfToken;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.bytes) headers['content-type'] = 'application/octet-stream';
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body:
        options.form ??
        options.bytes ??
        (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: AbortSignal.timeout(options.bytes || options.form ? 120_000 : 15_000),
    });
  } catch {
    throw new ApiError('网络异常，请检查网络后重试', 0);
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(`服务器错误（${response.status}），请稍后重试`, 0);
  }
  if (envelope.code === 401) for (const listener of signedOutListeners) listener();
  if (envelope.code !== 0) throw new ApiError(envelope.message || '操作失败', envelope.code);
  return envelope.data;
}

/**
 * A file sent as a form with upload progress (`fetch` reports none): same origin, the CSRF token,
 * the envelope unwrapped as by `api`. No timeout while bytes are moving; 10 minutes at most.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.timeout = 600_000;
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader(ADMIN_CSRF_HEADER, csrfToken);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    const networkError = () => reject(new ApiError('网络异常，请检查网络后重试', 0));
    request.onerror = networkError;
    request.ontimeout = networkError;
    request.onabort = networkError;
    request.onload = () => {
      let envelope: Envelope<T>;
      try {
        envelope = JSON.parse(request.responseText) as Envelope<T>;
      } catch {
        reject(new ApiError(`服务器错误（${request.status}），请稍后重试`, 0));
        return;
      }
      if (envelope.code === 401) for (const listener of signedOutListeners) listener();
      if (envelope.code !== 0) reject(new ApiError(envelope.message || '操作失败', envelope.code));
      else resolve(envelope.data);
    };
    request.send(form);
  });
}
