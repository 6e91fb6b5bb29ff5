import { config } from "@/lib/config";
import type { CounterStore } from "./counter-store";
import { PostgresCounterStore } from "./postgres-counter-store";
import { RedisCounterStore } from "./redis-counter-store";

const globalForStore = globalThis as unknown as { snapCounterStore?: CounterStore };

/** The store every instance shares: Redis when REDIS_URL is set, else the PostgreSQL database. */
export function sharedCounterStore(): CounterStore {
  return (globalForStore.snapCounterStore ??= createStore());
}

function createStore(): CounterStore {
  const { REDIS_URL: redisUrl, RATE_LIMIT_REDIS_PREFIX: prefix } = config();
  if (redisUrl) return new RedisCounterStore(redisUrl, prefix ?? "snap:rate:");
  return new PostgresCounterStore();
}
