import { getToken } from '../storage/storage';

/**
 * The last answer each query key got, kept in memory so that a screen opened again while the
 * network is down (a tab switch offline) shows what it showed before instead of an error.
 *
 * - Only for a failure of the network itself: a server that answers (an error code, a 401, a 500)
 *   is believed, and its error is shown.
 * - An answer belongs to the member it was fetched for (their token): another token never sees it,
 *   and `forgetLastAnswers()` empties the whole memory when the member logs out or changes.
 * - Memory only, never storage: nothing survives a reload, and the service worker keeps no
 *   /api answer either (e2e/specs/pwa.spec.ts).
 */

/** Enough for every screen a learner goes back and forth between; the oldest key goes first. */
export const LAST_ANSWERS_LIMIT = 60;

interface LastAnswer {
  owner: string;
  value: unknown;
}

const lastAnswers = new Map<string, LastAnswer>();

/** Who asks now: an answer is remembered for the member whose request fetched it. */
export function currentAsker(): string {
  return getToken();
}

export function rememberAnswer(key: string, value: unknown, asker = currentAsker()): void {
  lastAnswers.delete(key);
  lastAnswers.set(key, { owner: asker, value });
  if (lastAnswers.size > LAST_ANSWERS_LIMIT) {
    const oldest = lastAnswers.keys().next().value;
    if (oldest !== undefined) lastAnswers.delete(oldest);
  }
}

/** The last answer for `key` fetched for the member signed in now, if there is one. */
export function lastAnswer<T>(key: string): { value: T } | undefined {
  const found = lastAnswers.get(key);
  if (!found || found.owner !== currentAsker()) return undefined;
  return { value: found.value as T };
}

/** Drops every answer kept (logout, another member, a login). */
export function forgetLastAnswers(): void {
  lastAnswers.clear();
}

/**
 * The request never reached the server: the HTTP client's `network` failure (fetch itself failed).
 * Timeouts, aborts, every answer of the server and a bug of the page (a TypeError) are not.
 */
export function isNetworkFailure(error: unknown): boolean {
  return error !== null && typeof error === 'object' && (error as { kind?: unknown }).kind === 'network';
}
