import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database.js';
import { openPglite } from '../pglite.js';
import { jsonArrayAggSql, jsonObjectSql } from './json-sql.js';

describe('JSON written by SQL', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
  });
  afterAll(() => db.close());

  it('escapes any text and keeps numbers exact', async () => {
    const names = ['plain', 'quote " and \\ backslash', 'line\nbreak\ttab', 'emoji 🏁 ünïcode', '</script>', ''];
    const doubles = [1 / 3, 0.1 + 0.2, 116.12903225806451, 1e-7, 123456789.125, 2 ** 53 - 1];
    const { rows } = await db.query<{ j: string }>(
      `SELECT ${jsonArrayAggSql(
        [
          ['name', 'n', 'text'],
          ['value', 'v', 'number'],
          ['missing', 'NULL::float8', 'number'],
          ['none', 'NULL::text', 'text'],
        ],
        'i',
      )} AS j
         FROM unnest($1::text[], $2::float8[]) WITH ORDINALITY AS t(n, v, i)`,
      [names, doubles],
    );
    expect(JSON.parse(rows[0].j)).toEqual(names.map((name, i) => ({ name, value: doubles[i], missing: null, none: null })));
  });

  it('writes [] for no rows and refuses an unsafe key', async () => {
    const { rows } = await db.query<{ j: string }>(`SELECT ${jsonArrayAggSql([['x', 'v', 'number']], 'v')} AS j FROM (SELECT 1 AS v WHERE false) t`);
    expect(rows[0].j).toBe('[]');
    expect(() => jsonObjectSql([['a"b', '1', 'number']])).toThrow(/Unsafe/);
  });
});
