import { sql } from 'kysely';
import type { AppServices } from '../../services';
import { RedisStore } from '../../shared/store/redis-store';

export const READINESS_TIMEOUT_MS = 2000;

export interface Readiness {
  ready: boolean;
  /** `ok`, `not used` (no Redis configured) or the reason a dependency failed. */
  checks: { database: string; redis: string };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function check(probe: () => Promise<unknown>, timeoutMs: number): Promise<string> {
  try {
    await withTimeout(probe(), timeoutMs);
    return 'ok';
  } catch (error) {
    return `error: ${(error as Error).message || String(error)}`;
  }
}

/** Whether this node can serve: its database answers and, when configured, its Redis does. */
export async function checkReadiness(
  services: Pick<AppServices, 'db' | 'store'>,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<Readiness> {
  const { store } = services;
  const [database, redis] = await Promise.all([
    check(() => sql`select 1`.execute(services.db), timeoutMs),
    store instanceof RedisStore ? check(() => store.redis.ping(), timeoutMs) : Promise.resolve('not used'),
  ]);
  const ready = database === 'ok' && (redis === 'ok' || redis === 'not used');
  return { ready, checks: { database, redis } };
}
