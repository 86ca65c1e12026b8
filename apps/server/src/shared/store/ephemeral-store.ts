/**
 * Short-lived state (captcha answers, SMS codes, attempt counters, cooldowns). Every method is
 * atomic on its own, so several API nodes sharing one Redis behave as one node.
 */
export interface EphemeralStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Stores only when the key is absent; true when this call stored it. */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /** Reads and deletes in one step: of several concurrent callers only one gets the value. */
  take(key: string): Promise<string | null>;
  delete(...keys: string[]): Promise<void>;
  /** Adds one and returns the new count; the first increment starts the key's lifetime. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  /** Seconds left, or -1 when the key does not exist. */
  ttl(key: string): Promise<number>;
  close(): Promise<void>;
}

/** The store could not be reached (Redis down or restarting): answered 503, never a crash. */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`ephemeral store unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'StoreUnavailableError';
  }
}

/**
 * For state that only protects (attempt counters, back-off locks): while the store is
 * unreachable the work is skipped and `fallback` answered, so that logins keep working.
 */
export async function unlessStoreUnavailable<T>(work: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StoreUnavailableError) return fallback;
    throw error;
  }
}
