import { Redis } from 'ioredis';
import type { EphemeralStore } from './ephemeral-store';

const INCREMENT_WITH_TTL = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** Redis-backed store shared by every API node (`REDIS_URL`). Keys carry a prefix per deployment. */
export class RedisStore implements EphemeralStore {
  constructor(
    readonly redis: Redis,
    readonly prefix = 'kezhan:',
  ) {}

  static connect(url: string, prefix?: string) {
    return new RedisStore(new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true }), prefix);
  }

  private key(key: string) {
    return this.prefix + key;
  }

  async get(key: string) {
    return this.redis.get(this.key(key));
  }

  async set(key: string, value: string, ttlSeconds: number) {
    await this.redis.set(this.key(key), value, 'EX', ttlSeconds);
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    return (await this.redis.set(this.key(key), value, 'EX', ttlSeconds, 'NX')) === 'OK';
  }

  async take(key: string) {
    return this.redis.getdel(this.key(key));
  }

  async delete(...keys: string[]) {
    if (keys.length > 0) await this.redis.del(...keys.map((key) => this.key(key)));
  }

  async increment(key: string, ttlSeconds: number) {
    return Number(await this.redis.eval(INCREMENT_WITH_TTL, 1, this.key(key), ttlSeconds));
  }

  async ttl(key: string) {
    const seconds = await this.redis.ttl(this.key(key));
    return seconds < 0 ? -1 : seconds;
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
