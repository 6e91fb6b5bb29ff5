import "server-only";
import type { Redis } from "ioredis";
import type { CounterStore, WindowCount } from "./counter-store";

/** INCRBY and, for a new window, its expiry, in one atomic round trip. */
const ADD_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {count, ttl}`;

const COMMAND_TIMEOUT_MS = 500;

type RedisWithAdd = Redis & { rateLimitAdd(key: string, amount: number, windowMs: number): Promise<[number, number]> };

/**
 * Counters in Redis (REDIS_URL), under RATE_LIMIT_REDIS_PREFIX. A command waits for the connection
 * (at start, after a blip) but gives up after COMMAND_TIMEOUT_MS, so an outage never holds a
 * request for long: callers then fall back to counting locally. ioredis is loaded by the first
 * store made, so an instance without REDIS_URL never holds it.
 */
export class RedisCounterStore implements CounterStore {
  private readonly redis: Promise<RedisWithAdd>;

  constructor(url: string, keyPrefix: string) {
    this.redis = import("ioredis").then(({ Redis }) => {
      const redis = new Redis(url, { keyPrefix, commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 });
      redis.defineCommand("rateLimitAdd", { numberOfKeys: 1, lua: ADD_SCRIPT });
      // ioredis reconnects by itself; an unhandled 'error' event would end the process.
      redis.on("error", () => {});
      return redis as RedisWithAdd;
    });
  }

  async add(key: string, amount: number, windowMs: number): Promise<WindowCount> {
    const [count, resetInMs] = await (await this.redis).rateLimitAdd(key, amount, windowMs);
    return { count, resetInMs };
  }
}
