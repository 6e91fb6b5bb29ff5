import type { CounterStore } from "./counter-store";
import { PostgresCounterStore } from "./postgres-counter-store";
import { RedisCounterStore } from "./redis-counter-store";

const globalForStore = globalThis as unknown as { snapCounterStore?: CounterStore };

/** The store every instance shares: Redis when REDIS_URL is set, else the PostgreSQL database. */
export function sharedCounterStore(): CounterStore {
  return (globalForStore.snapCounterStore ??= createStore());
}

function createStore(): CounterStore {
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) return new RedisCounterStore(redisUrl, process.env.RATE_LIMIT_REDIS_PREFIX ?? "snap:rate:");
  return new PostgresCounterStore();
}
