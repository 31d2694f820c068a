/**
 * Times GET /api/racer-batches for one racer with a year of history (50,000 batches) on PGlite,
 * in both response shapes. Runnable on its own: `npx tsx bench/racer-chart/api-timing.ts`.
 */
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../server/config.js';
import { insertBatches } from '../../server/db/batch-writer.js';
import { migrate } from '../../server/db/migrate.js';
import { openPglite } from '../../server/db/pglite.js';
import { buildApp } from '../../server/http/app.js';
import { syntheticBatches } from './synthetic-batches.js';

const RUNS = 7;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export async function measureRacerBatchesEndpoint(count = 50_000): Promise<string[]> {
  const db = await openPglite();
  await migrate(db);
  const tz = 'America/Chicago';
  await db.query("INSERT INTO teams (tag) VALUES ('BENCH')");
  await db.query(
    "INSERT INTO racers (user_id, username, display_name, first_seen, last_seen) VALUES (9001, 'bench_racer', 'Bench Racer', now(), now())",
  );
  const rows = syntheticBatches(count);
  for (let i = 0; i < rows.length; i += 10_000) {
    await db.transaction((tx) => insertBatches(tx, rows.slice(i, i + 10_000), tz));
  }
  const app = await buildApp({ db, config: { ...loadConfig({}), siteTimezone: tz, demo: false }, now: () => new Date() });
  await app.ready();
  const lines: string[] = [];
  for (const format of ['rows', 'columns'] as const) {
    const url = `/api/racer-batches?username=bench_racer&format=${format}`;
    await app.inject(url); // warm-up
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await app.inject(url);
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      bytes = res.rawPayload.length;
    }
    lines.push(
      `| racer-batches, ${count.toLocaleString('en-US')} batches, format=${format} (PGlite) | ${median(times).toFixed(0)} ms median of ${RUNS} | ${(bytes / 1e6).toFixed(2)} MB |`,
    );
  }
  await app.close();
  await db.close();
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log('| endpoint | time | size |\n|---|---|---|');
  for (const l of await measureRacerBatchesEndpoint()) console.log(l);
}
