/**
 * What the bench reads of a server from outside, through its own GET /metrics (the servers the
 * bench starts get BENCH_METRICS_TOKEN as METRICS_TOKEN): bcrypt compares and V8's memory.
 */
export const BENCH_METRICS_TOKEN = "bench-metrics-token";

export interface ServerMetrics {
  bcryptCompares: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  externalBytes: number;
}

export async function readServerMetrics(baseUrl: string): Promise<ServerMetrics | null> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } }).catch(() => null);
  if (!response?.ok) return null;
  const text = await response.text();
  const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(text)?.[1] ?? NaN);
  return {
    bcryptCompares: value("api_key_bcrypt_compares_total"),
    heapUsedBytes: value("nodejs_heap_size_used_bytes"),
    heapTotalBytes: value("nodejs_heap_size_total_bytes"),
    externalBytes: value("nodejs_external_memory_bytes"),
  };
}
