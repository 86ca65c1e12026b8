import { Redis } from 'ioredis';
import { StoreUnavailableError, type EphemeralStore } from './ephemeral-store';

const INCREMENT_WITH_TTL = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** The longest wait between two attempts to reconnect to Redis. */
const RECONNECT_MAX_DELAY_MS = 500;

/** Redis-backed store shared by every API node (`REDIS_URL`). Keys carry a prefix per deployment. */
export class RedisStore implements EphemeralStore {
  constructor(
    readonly redis: Redis,
    readonly prefix = 'kezhan:',
  ) {}

  /**
   * While Redis is down (restarting, say) a command fails at the next reconnect attempt, at most
   * half a second later, instead of holding the request through several back-offs: the callers
   * that can do without the store carry on, the others answer 503 at once.
   */
  static connect(url: string, prefix?: string) {
    return new RedisStore(
      new Redis(url, {
        maxRetriesPerRequest: 0,
        enableOfflineQueue: true,
        retryStrategy: (attempt) => Math.min(attempt * 50, RECONNECT_MAX_DELAY_MS),
      }),
      prefix,
    );
  }

  private key(key: string) {
    return this.prefix + key;
  }

  /** A command that failed (Redis down, restarting) as StoreUnavailableError. */
  private async command<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
  }

  async get(key: string) {
    return this.command(() => this.redis.get(this.key(key)));
  }

  async set(key: string, value: string, ttlSeconds: number) {
    await this.command(() => this.redis.set(this.key(key), value, 'EX', ttlSeconds));
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    return (await this.command(() => this.redis.set(this.key(key), value, 'EX', ttlSeconds, 'NX'))) === 'OK';
  }

  async take(key: string) {
    return this.command(() => this.redis.getdel(this.key(key)));
  }

  async delete(...keys: string[]) {
    if (keys.length > 0) await this.command(() => this.redis.del(...keys.map((key) => this.key(key))));
  }

  async increment(key: string, ttlSeconds: number) {
    return Number(
      await this.command(() => this.redis.eval(INCREMENT_WITH_TTL, 1, this.key(key), ttlSeconds)),
    );
  }

  async ttl(key: string) {
    const seconds = await this.command(() => this.redis.ttl(this.key(key)));
    return seconds < 0 ? -1 : seconds;
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
