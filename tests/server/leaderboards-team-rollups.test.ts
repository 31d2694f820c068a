/**
 * The leaderboard rollups of migrations 010 and 060 (team hour/six hours/day/week/month, racer six
 * hours/week/month) stay equal
 * to the hourly and daily rollups summed at their grain, through inserts, the batch writer's
 * add-to-existing upserts, updates, deletes and truncates; so do the racers' packed unit sums of
 * migration 080.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBatches, dbKinds, freshDatabase } from './helpers.js';
import type { Database } from '../../server/db/database.js';
import { parseSums } from '../../server/db/leaderboards/board-json.js';
import { accuracy, wpm } from '../../rules/stats.js';

const b = (userId: number, tag: string, endTime: string, races: number) => ({
  userId,
  tag,
  endTime: new Date(endTime),
  races,
  typed: 400 * races,
  errs: 4 * races,
  secs: 30 * races,
});

const GRAINS = {
  team_hourly_rollups: ['hourly_rollups', 'tag, hour', 'tag, hour'],
  team_six_hour_rollups: [
    'hourly_rollups',
    'tag, block',
    "tag, date_bin('6 hours', hour, timestamptz '2000-01-01 00:00:00+00')",
  ],
  racer_six_hour_rollups: [
    'hourly_rollups',
    'user_id, tag, block',
    "user_id, tag, date_bin('6 hours', hour, timestamptz '2000-01-01 00:00:00+00')",
  ],
  team_daily_rollups: ['daily_rollups', 'tag, day', 'tag, day'],
  team_weekly_rollups: ['daily_rollups', 'tag, week', 'tag, day - extract(dow FROM day)::int'],
  team_monthly_rollups: ['daily_rollups', 'tag, month', "tag, date_trunc('month', day::timestamp)::date"],
  racer_weekly_rollups: ['daily_rollups', 'user_id, tag, week', 'user_id, tag, day - extract(dow FROM day)::int'],
  racer_monthly_rollups: [
    'daily_rollups',
    'user_id, tag, month',
    "user_id, tag, date_trunc('month', day::timestamp)::date",
  ],
} as const;

/** Rows where a derived table differs from its source summed at its grain (none when in step). */
async function mismatches(db: Database): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, [source, keys, exprs]] of Object.entries(GRAINS)) {
    const { rows } = await db.query(
      `WITH expected AS (SELECT ${exprs}, sum(races)::bigint AS races, sum(typed)::bigint AS typed, sum(errs)::bigint AS errs,
                                sum(secs)::bigint AS secs, sum(points) AS points FROM ${source} GROUP BY ${exprs}),
            e AS (SELECT * FROM expected AS x (${keys}, races, typed, errs, secs, points)),
            a AS (SELECT * FROM ${table} WHERE races <> 0 OR typed <> 0)
       SELECT * FROM e FULL JOIN a USING (${keys})
        WHERE e.races IS DISTINCT FROM a.races OR e.typed IS DISTINCT FROM a.typed OR e.errs IS DISTINCT FROM a.errs
           OR e.secs IS DISTINCT FROM a.secs OR abs(coalesce(e.points, 0) - coalesce(a.points, 0)) > 1e-6`,
    );
    if (rows.length) out[table] = rows;
  }
  return out;
}

const PACKED = {
  daily: ['daily_rollups', 'day'],
  weekly: ['racer_weekly_rollups', 'week'],
  monthly: ['racer_monthly_rollups', 'month'],
} as const;

/** Units whose packed lines (migration 080) differ from their rollup table's rows (none when in step). */
/**
 * The board lines of packed sums as the application would write them: per racer over their teams,
 * races ≥ 1, stats computed in JavaScript, points highest first (ties by id, as packed).
 */
function boardLinesOf(sums: string): string[] {
  const totals = parseSums(sums);
  return totals.keys
    .map((id) => ({ id, t: totals.totals(id)! }))
    .filter(({ t }) => t.races > 0)
    .sort((a, b) => b.t.points - a.t.points || Number(a.id) - Number(b.id))
    .map(
      ({ id, t }) =>
        `${id},"Races":${t.races},"Accuracy":${accuracy(t.typed, t.errs)},"WPM":${wpm(t.typed, t.secs)},"Points":${t.points}}`,
    );
}

async function packedMismatches(db: Database): Promise<string[]> {
  const out: string[] = [];
  for (const [grain, [source, unit]] of Object.entries(PACKED)) {
    const lines = new Map<string, string[]>();
    const { rows } = await db.query<{ unit: string; line: string }>(
      `SELECT ${unit}::text AS unit, concat_ws(',', races, typed, errs, secs, points, user_id) AS line FROM ${source}`,
    );
    for (const r of rows) lines.set(r.unit, [...(lines.get(r.unit) ?? []), r.line]);
    const packed = await db.query<{ unit: string; sums: string; board: string | null }>(
      'SELECT unit::text AS unit, sums, board FROM racer_unit_sums WHERE grain = $1',
      [grain],
    );
    for (const p of packed.rows) {
      if (JSON.stringify(p.sums.split('\n').sort()) !== JSON.stringify((lines.get(p.unit) ?? []).sort()))
        out.push(`${grain} ${p.unit}`);
      // The board lines (migration 110) are the sums' board as the application writes it.
      if (JSON.stringify(boardLinesOf(p.sums)) !== JSON.stringify(p.board?.split('\n') ?? []))
        out.push(`${grain} ${p.unit} board`);
      lines.delete(p.unit);
    }
    for (const missing of lines.keys()) out.push(`${grain} ${missing} not packed`);
  }
  return out;
}

describe.each(dbKinds)('team rollups on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase(kind);
  });
  afterAll(() => db.close());

  it('follow inserts and the upserts that add to an existing slot', async () => {
    await addBatches(db, [
      b(1, 'ALPHA', '2026-03-09T15:10:00Z', 2),
      b(2, 'ALPHA', '2026-03-09T15:20:00Z', 3),
      b(3, 'BRAVO', '2026-03-09T15:20:00Z', 1),
      b(1, 'ALPHA', '2026-03-10T04:50:00Z', 4),
    ]);
    // Same racers, slots and hours again: the rollup rows are updated, not inserted.
    await addBatches(db, [b(1, 'ALPHA', '2026-03-09T15:10:00Z', 5), b(3, 'BRAVO', '2026-03-09T15:40:00Z', 2)]);
    expect(await mismatches(db)).toEqual({});
    expect(await packedMismatches(db)).toEqual([]);
    // Racer 1 on Mar 9 (Chicago): 2 + 4 + 5 races of 400 characters, 4 errors and 30 s each.
    const packedDay = await db.query<{ sums: string }>(
      "SELECT sums FROM racer_unit_sums WHERE grain = 'daily' AND unit = '2026-03-09'",
    );
    expect(
      packedDay.rows[0].sums
        .split('\n')
        .filter((l) => l.endsWith(',1'))
        .map((l) => l.split(',').slice(0, 4)),
    ).toEqual([['11', '4400', '44', '330']]);
    const { rows } = await db.query<{ races: number; typed: number }>(
      "SELECT races, typed FROM team_hourly_rollups WHERE tag = 'ALPHA' AND hour = '2026-03-09T15:00:00Z'",
    );
    expect(rows).toEqual([{ races: 10, typed: 4000 }]);
    const day = await db.query<{ day: string; races: number }>(
      "SELECT day, races FROM team_daily_rollups WHERE tag = 'ALPHA' ORDER BY day",
    );
    // 04:50Z on Mar 10 is still Mar 9 in Chicago.
    expect(day.rows).toEqual([{ day: '2026-03-09', races: 14 }]);
    const week = await db.query("SELECT week, races FROM team_weekly_rollups WHERE tag = 'ALPHA'");
    expect(week.rows).toEqual([{ week: '2026-03-08', races: 14 }]);
    const month = await db.query('SELECT month, races FROM racer_monthly_rollups WHERE user_id = 1');
    expect(month.rows).toEqual([{ month: '2026-03-01', races: 11 }]);
    // 15:10Z and 04:50Z fall in the six-hour blocks from 12:00Z and 00:00Z.
    const blocks = await db.query<{ block: Date; races: number }>(
      'SELECT block, races FROM racer_six_hour_rollups WHERE user_id = 1 ORDER BY block',
    );
    expect(blocks.rows.map((r) => [new Date(r.block).toISOString(), Number(r.races)])).toEqual([
      ['2026-03-09T12:00:00.000Z', 7],
      ['2026-03-10T00:00:00.000Z', 4],
    ]);
  });

  it('follow deletes, updates and truncates', async () => {
    await db.query('DELETE FROM hourly_rollups WHERE user_id = 2');
    await db.query("UPDATE daily_rollups SET races = races + 1, tag = 'CHARLIE' WHERE user_id = 3");
    await db.query("UPDATE daily_rollups SET day = '2026-02-28' WHERE user_id = 1");
    expect(await mismatches(db)).toEqual({});
    expect(await packedMismatches(db)).toEqual([]);
    await db.exec('TRUNCATE hourly_rollups, daily_rollups');
    for (const table of [...Object.keys(GRAINS), 'racer_unit_sums'])
      expect((await db.query(`SELECT * FROM ${table}`)).rows, table).toEqual([]);
  });

  it('are filled from existing rollups when the migration runs', async () => {
    await addBatches(db, [b(5, 'DELTA', '2026-01-15T12:00:00Z', 3), b(6, 'DELTA', '2026-01-20T12:00:00Z', 2)]);
    await db.exec(`DELETE FROM ${Object.keys(GRAINS).join('; DELETE FROM ')}`);
    // The migration's last statement, run again on the emptied tables.
    const migration = (await import('node:fs')).readFileSync(
      new URL('../../server/db/migrations/010_leaderboard_rollups.sql', import.meta.url),
      'utf8',
    );
    await db.exec(migration.slice(migration.indexOf('-- Rollups written before this migration.')));
    expect(await mismatches(db)).toEqual({});
    expect((await db.query("SELECT races FROM team_monthly_rollups WHERE tag = 'DELTA'")).rows).toEqual([{ races: 5 }]);

    // Migration 060 fills only its own tables.
    await db.exec('DELETE FROM team_six_hour_rollups; DELETE FROM racer_six_hour_rollups');
    const sixHour = (await import('node:fs')).readFileSync(
      new URL('../../server/db/migrations/060_six_hour_rollups.sql', import.meta.url),
      'utf8',
    );
    await db.exec(sixHour.slice(sixHour.indexOf('-- Hourly rollups written before this migration')));
    expect(await mismatches(db)).toEqual({});
    expect((await db.query("SELECT races FROM team_six_hour_rollups WHERE tag = 'DELTA' ORDER BY block")).rows).toEqual(
      [{ races: 3 }, { races: 2 }],
    );

    // Migration 080 packs every unit already written.
    await db.exec('DELETE FROM racer_unit_sums');
    const packed = (await import('node:fs')).readFileSync(
      new URL('../../server/db/migrations/080_packed_racer_sums.sql', import.meta.url),
      'utf8',
    );
    // (Its trailing sums' table was reshaped by migration 100: that part is left out.)
    await db.exec(
      packed.slice(
        packed.indexOf('-- Rollups and trailing sums written before this migration.'),
        packed.indexOf('UPDATE trailing_day_anchor'),
      ),
    );
    expect(await packedMismatches(db)).toEqual([]);
    // Migration 110 writes the board lines of every unit already packed.
    await db.exec('UPDATE racer_unit_sums SET board = NULL');
    const lines = (await import('node:fs')).readFileSync(
      new URL('../../server/db/migrations/110_packed_board_lines.sql', import.meta.url),
      'utf8',
    );
    await db.exec(lines.slice(lines.indexOf('-- Units and spans written before this migration.')));
    expect(await packedMismatches(db)).toEqual([]);
    expect(
      (await db.query("SELECT board FROM racer_unit_sums WHERE grain = 'daily' AND unit = '2026-01-20'")).rows,
    ).toEqual([
      // Racer 6: 2 races.
      { board: expect.stringMatching(/^6,"Races":2,"Accuracy":[0-9.]+,"WPM":[0-9.]+,"Points":[0-9.]+\}$/) },
    ]);
    expect((await db.query('SELECT grain, unit::text AS unit FROM racer_unit_sums ORDER BY grain, unit')).rows).toEqual(
      [
        { grain: 'daily', unit: '2026-01-15' },
        { grain: 'daily', unit: '2026-01-20' },
        { grain: 'monthly', unit: '2026-01-01' },
        { grain: 'weekly', unit: '2026-01-11' },
        { grain: 'weekly', unit: '2026-01-18' },
      ],
    );
  });
});
