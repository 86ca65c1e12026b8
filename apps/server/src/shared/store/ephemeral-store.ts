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
