/**
 * A flood of anonymous requests whose query strings are all different: each request adds a long
 * unknown parameter (or a long value of one) to a public GET, as a crawler or an attacker may. A
 * cache keyed on the raw query string would keep one answer per request.
 */
export interface FloodResult {
  requests: number;
  /** Answers by status code. */
  statuses: Record<number, number>;
  ms: number;
}

/** `count` requests over `concurrency` lanes, round robin over `paths`, each with its own `~length`-character query string. */
export async function queryFlood(
  base: string,
  paths: string[],
  { count = 5000, length = 8000, concurrency = 16 } = {},
): Promise<FloodResult> {
  const statuses: Record<number, number> = {};
  const padding = 'x'.repeat(length);
  // A fresh prefix per flood: a second flood repeats none of the first one's query strings.
  const run = Math.random().toString(36).slice(2, 8);
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    for (let i = next++; i < count; i = next++) {
      const path = paths[i % paths.length];
      // Half the requests name a distinct unknown parameter, half a distinct value of the same one.
      const extra = i % 2 === 0 ? `p${run}${i}=${padding}` : `pad=${run}${i}${padding}`;
      const res = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}${extra}`);
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { requests: count, statuses, ms: performance.now() - started };
}
