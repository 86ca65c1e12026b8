import { getToken } from '../storage/storage';
import { getApiBase } from './api-base';

/** The member's detail: startup waits for it before any page shows when a token is kept. */
export const MEMBER_DETAIL_ADDRESS = '/api/v2/member/detail';

const started = new Map<string, Promise<Response>>();
const keyOf = (address: string, token: string) => `${token} ${address}`;

/**
 * Called by the entry, before the app's scripts arrive: asks for the member's detail at once
 * when a token is kept, so startup finds the answer under way instead of asking after the
 * scripts have loaded and run.
 */
export function startEarlyRequests(): void {
  const token = getToken();
  if (!token) return;
  const address = MEMBER_DETAIL_ADDRESS;
  const response = fetch(getApiBase() + address, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    credentials: 'omit',
  });
  // Taken or not, a failure here must not surface as an unhandled rejection.
  response.catch(() => undefined);
  started.set(keyOf(address, token), response);
}

/**
 * The early response for a GET of `address` sent with `token` (once; later requests go to the
 * network). Another token (a login in between) finds none.
 */
export function takeEarlyRequest(address: string, token: string): Promise<Response> | undefined {
  const key = keyOf(address, token);
  const response = started.get(key);
  started.delete(key);
  return response;
}
