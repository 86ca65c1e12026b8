import { useLatest } from 'ahooks';
import { useCallback, useDeferredValue, useEffect, useRef } from 'react';
import { currentAsker, isNetworkFailure, lastAnswer, rememberAnswer } from './last-answers';
import { useRequest } from './use-request';

/**
 * The h5's one data layer, on ahooks' `useRequest` (see the "h5 data layer" section of ARCHITECTURE.md). Every
 * read is a `useApiQuery` under a key, every write a `useApiMutation` that names the keys it makes
 * stale. The rules are the same for every endpoint:
 * - a key change, an unmount or a newer fetch aborts the request on its way (its answer is never
 *   shown); React's StrictMode double mount is one more such abort;
 * - answers are shown for the key they were fetched for only: a new key starts from `loading`;
 * - no automatic retry: a failed read shows its error state and `refetch` is the 重试 button;
 * - offline, a read whose request never reached the server shows the last answer its key got for
 *   this member (last-answers.ts) instead of an error; the app refetches everything when the
 *   network is back (offline-banner.tsx);
 * - `pollingInterval` refetches after each answer until the caller sets it to 0;
 * - `invalidate(prefix)` refetches every mounted query whose key starts with `prefix` (`[]`: all of
 *   them, which the app root does when the member logs in).
 */
export type QueryKey = readonly (string | number | boolean | null)[];

export interface QueryOptions {
  /** false: nothing is fetched yet (no loading state either). */
  enabled?: boolean;
  /** Milliseconds between the end of one fetch and the next; 0 stops. */
  pollingInterval?: number;
  /** Fetch again when one of these changes, keeping what is shown until the new answer. */
  refreshDeps?: readonly unknown[];
  /** Fetch again whenever the page becomes visible again (counts that change elsewhere). */
  refetchWhenVisible?: boolean;
}

export interface Query<T> {
  /** The answer for the current key (kept while a refetch of the same key runs). */
  data: T | undefined;
  /** Why the last fetch of the current key failed (undefined while fetching again). */
  error: unknown;
  /** Enabled, and neither an answer nor an error for the current key yet. */
  loading: boolean;
  refetch: () => void;
  /** Fetches again and settles when the answer is in, whatever it was (pull-to-refresh). */
  reload: () => Promise<void>;
  /** Replaces the answer locally, e.g. after a write whose result is known. */
  setData: (data: T) => void;
  /**
   * The newest answer for the current key, for code that acts on it (`data` is what is on screen,
   * which follows a new answer one render later).
   */
  current: () => T | undefined;
  /** Stops polling and drops what is on its way. */
  cancel: () => void;
}

interface Keyed<T> {
  key: string;
  value: T;
}

const mounted = new Map<string, Set<() => void>>();
const errorKeys = new WeakMap<object, string>();

function keyText(key: QueryKey): string {
  return JSON.stringify(key);
}

/** Refetches every mounted query whose key starts with `prefix`. */
export function invalidate(prefix: QueryKey): void {
  const whole = keyText(prefix);
  const head = whole.slice(0, -1);
  for (const [key, refetchers] of mounted) {
    if (key === whole || (prefix.length === 0 ? true : key.startsWith(`${head},`)))
      refetchers.forEach((refetch) => refetch());
  }
}

export function useApiQuery<T>(
  key: QueryKey,
  fetch: (signal: AbortSignal) => Promise<T>,
  options: QueryOptions = {},
): Query<T> {
  const { enabled = true, pollingInterval = 0, refreshDeps = [], refetchWhenVisible = false } = options;
  const text = keyText(key);
  const currentKey = useLatest(text);
  const inFlight = useRef<AbortController | null>(null);
  const newest = useRef<Keyed<T> | null>(null);

  const request = useRequest(
    async (): Promise<Keyed<T>> => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      const asker = currentAsker();
      let answer: Keyed<T>;
      try {
        answer = { key: text, value: await fetch(controller.signal) };
        rememberAnswer(text, answer.value, asker);
      } catch (error) {
        const kept = isNetworkFailure(error) ? lastAnswer<T>(text) : undefined;
        if (!kept) {
          if (error !== null && typeof error === 'object') errorKeys.set(error, text);
          throw error;
        }
        answer = { key: text, value: kept.value };
      }
      if (inFlight.current === controller) newest.current = answer;
      return answer;
    },
    {
      ready: enabled,
      refreshDeps: [text, ...refreshDeps],
      pollingInterval: enabled ? pollingInterval : 0,
      onError: () => undefined,
    },
  );
  const { refresh, refreshAsync, cancel, mutate } = request;

  useEffect(() => () => inFlight.current?.abort(), []);

  useEffect(() => {
    if (!refetchWhenVisible || !enabled) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetchWhenVisible, enabled, refresh]);

  useEffect(() => {
    const refetchers = mounted.get(text) ?? new Set<() => void>();
    mounted.set(text, refetchers);
    refetchers.add(refresh);
    return () => {
      refetchers.delete(refresh);
      if (refetchers.size === 0) mounted.delete(text);
    };
  }, [text, refresh]);

  const setData = useCallback(
    (value: T) => {
      newest.current = { key: text, value };
      rememberAnswer(text, value);
      mutate(newest.current);
    },
    [mutate, text],
  );
  const current = useCallback(
    () => (newest.current?.key === currentKey.current ? newest.current.value : undefined),
    [currentKey],
  );
  const reload = useCallback(
    () =>
      refreshAsync().then(
        () => undefined,
        () => undefined,
      ),
    [refreshAsync],
  );
  const stop = useCallback(() => {
    inFlight.current?.abort();
    cancel();
  }, [cancel]);

  // An answer is rendered as a transition: React renders the page it fills in slices between
  // frames instead of one long task, and what is on screen stays until that render is done.
  const answered = useDeferredValue(request.data);
  const failed = useDeferredValue(request.error) as object | undefined;
  const fetching = useDeferredValue(request.loading);
  const data = answered?.key === text ? answered.value : undefined;
  const error = !fetching && failed && errorKeys.get(failed) === text ? failed : undefined;
  return {
    data,
    error,
    loading: enabled && data === undefined && error === undefined,
    refetch: refresh,
    reload,
    setData,
    current,
    cancel: stop,
  };
}

export interface Mutation<A extends unknown[], T> {
  /** Runs the write; rejects as the HTTP client does (its message already shown). */
  run: (...args: A) => Promise<T>;
  pending: boolean;
}

/** A write. When it succeeds, the queries under `invalidates` fetch again. */
export function useApiMutation<A extends unknown[], T>(
  write: (...args: A) => Promise<T>,
  invalidates: readonly QueryKey[] = [],
): Mutation<A, T> {
  const request = useRequest(write, {
    manual: true,
    onError: () => undefined,
    onSuccess: () => invalidates.forEach(invalidate),
  });
  return { run: request.runAsync, pending: request.loading };
}
