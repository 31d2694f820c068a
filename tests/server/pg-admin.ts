/** The test PostgreSQL (CI has one on 127.0.0.1:5432): whether it answers, and one-off statements on it. */
import pg from 'pg';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let reachable: Promise<boolean> | undefined;
/** Whether the test PostgreSQL server answers. */
export function postgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
    try {
      await c.connect();
      await c.end();
      return true;
    } catch {
      return false;
    }
  })();
  return reachable;
}

/** Runs one statement on its own connection to the test database (CREATE/DROP DATABASE cannot share a transaction). */
export async function adminQuery<T>(sql: string, params: unknown[] = []): Promise<{ rows: T[] }> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    const { rows } = await c.query(sql, params);
    return { rows: rows as T[] };
  } finally {
    await c.end();
  }
}

/** PG_URL pointed at another database on the same server. */
export function urlOfDatabase(name: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
