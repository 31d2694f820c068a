/** The benchmarks' PostgreSQL: one schema per benchmark in BENCH_DATABASE_URL (default: database `test`). */
import pg from 'pg';

export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The address of `schema`, with extra `-c` settings for every connection. */
export function benchSchemaUrl(schema: string, settings: string[] = []): string {
  const url = new URL(BENCH_PG_URL);
  url.searchParams.set('options', [`search_path=${schema}`, ...settings].map((s) => `-c ${s}`).join(' '));
  return url.toString();
}

/** Whether the server answers; creates `schema`, dropping it first when `fresh`. */
export async function prepareBenchSchema(schema: string, fresh: boolean): Promise<boolean> {
  const c = new pg.Client({ connectionString: BENCH_PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
  } catch {
    return false;
  }
  try {
    if (fresh) await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await c.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    return true;
  } finally {
    await c.end();
  }
}
