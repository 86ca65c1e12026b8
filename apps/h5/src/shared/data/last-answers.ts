import { getToken } from '../storage/storage';

/**
 * The last answer each query key got, kept in memory so that a screen opened again while the
 * network is down (a tab switch offline) shows what it showed before instead of an error.
 *
 * - Only for a failure of the network itself: a server that answers (an error code, a 401, a 500,
 *   a timeout) is believed, and its error is shown.
 * - An answer belongs to the member it was fetched for (their token, `asker`): another token never
 *   sees it, and `forgetLastAnswers()` empties the whole memory when the member logs out or changes.
 * - Memory only, never storage: nothing survives a reload, and the service worker keeps no /api
 *   answer either (e2e/specs/pwa.spec.ts).
 * (Kept this small on purpose: it is part of the shell, within the home page's JS budget.)
 */

/** Enough for every screen a learner goes back and forth between; the oldest key goes first. */
export const LAST_ANSWERS_LIMIT = 60;

const lastAnswers = new Map<string, [asker: string, value: unknown]>();

/** Who asks now: an answer is remembered for the member whose request fetched it. */
export const currentAsker = getToken;

export function rememberAnswer(key: string, value: unknown, asker = getToken()): void {
  lastAnswers.delete(key);
  lastAnswers.set(key, [asker, value]);
  if (lastAnswers.size > LAST_ANSWERS_LIMIT) lastAnswers.delete(lastAnswers.keys().next().value!);
}

/** The last answer for `key` fetched for the member signed in now, if there is one. */
export function lastAnswer<T>(key: string): { value: T } | undefined {
  const found = lastAnswers.get(key);
  return found && found[0] === getToken() ? { value: found[1] as T } : undefined;
}

/** Drops every answer kept (logout, another member, a login). */
export const forgetLastAnswers = () => lastAnswers.clear();

/**
 * The request never reached the server: the HTTP client's `network` failure (fetch itself failed).
 * Timeouts, aborts, every answer of the server and a bug of the page (a TypeError) are not.
 */
export const isNetworkFailure = (error: unknown) => (error as { kind?: unknown } | null)?.kind === 'network';
