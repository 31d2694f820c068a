/**
 * SQL of the demo community (server/demo/): its story's marks in app_meta, the backfill recorded as a
 * collector run, and the staff-made data a real community's staff would have entered.
 */
import type { Database, Queryable } from './database.js';

export async function getMeta(q: Queryable, key: string): Promise<string | null> {
  const { rows } = await q.query<{ value: string }>('SELECT value FROM app_meta WHERE key = $1', [key]);
  return rows[0]?.value ?? null;
}

export async function setMeta(q: Queryable, key: string, value: string): Promise<void> {
  await q.query(
    'INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    [key, value],
  );
}

/** Records a backfill as a collector run, so "data as of" shows its time. */
export async function recordBackfillRun(q: Queryable, started: Date, snapshotAt: Date, teams: number): Promise<void> {
  await q.query('INSERT INTO collector_runs (started_at, finished_at, snapshot_at, teams_ok) VALUES ($1, $2, $3, $4)', [
    started,
    new Date(),
    snapshotAt,
    teams,
  ]);
}

/** The newest snapshot any run recorded, null before the first. */
export async function lastSnapshotAt(q: Queryable): Promise<Date | null> {
  const { rows } = await q.query<{ t: Date | null }>('SELECT max(snapshot_at) AS t FROM collector_runs');
  return rows[0]?.t ?? null;
}

export interface DemoEvent {
  title: string;
  description: string;
  teams: string[];
  start: Date;
  end: Date;
  sort: string;
  /** Pay-to-play settings, null for an event that pays nothing. */
  payToPlay: {
    minRaces: number;
    qualifyingRaces: number;
    raceIncrement: number;
    payoutIncrement: number;
    cap: number;
    accBonus96: number;
    accBonus98: number;
  } | null;
}

export interface DemoStaffData {
  requirements: Array<{ tag: string; races: number | null }>;
  botUserIds: number[];
  squads: Array<{ tag: string; userId: number; squad: string }>;
  /** Teams whose Avocado squad gets a custom name. */
  namedSquadTags: string[];
  events: DemoEvent[];
}

/** Writes the staff-made data in one transaction; the owner of each event is its first team. */
export async function writeDemoStaffData(db: Database, d: DemoStaffData): Promise<void> {
  await db.transaction(async (tx) => {
    for (const r of d.requirements) {
      await tx.query('UPDATE teams SET weekly_requirement = $2 WHERE tag = $1', [r.tag, r.races]);
    }
    for (const userId of d.botUserIds) {
      await tx.query('INSERT INTO bot_flags (user_id, flagged_by) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        userId,
        'demo',
      ]);
    }
    for (const s of d.squads) {
      await tx.query('INSERT INTO squad_assignments (tag, user_id, squad) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        s.tag,
        s.userId,
        s.squad,
      ]);
    }
    for (const tag of d.namedSquadTags) {
      await tx.query(
        "INSERT INTO squad_names (tag, squad, custom_name) VALUES ($1, 'Avocado', 'Green Machines') ON CONFLICT DO NOTHING",
        [tag],
      );
    }
    for (const e of d.events) {
      const p = e.payToPlay;
      const { rows } = await tx.query<{ event_id: number }>(
        `INSERT INTO events (title, description, start_time, end_time, default_sort, owner_tag, min_races, qualifying_races, race_increment, payout_increment, cap, acc_bonus96, acc_bonus98)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING event_id`,
        [
          e.title,
          e.description,
          e.start,
          e.end,
          e.sort,
          e.teams[0],
          p?.minRaces ?? null,
          p?.qualifyingRaces ?? null,
          p?.raceIncrement ?? null,
          p?.payoutIncrement ?? null,
          p?.cap ?? null,
          p?.accBonus96 ?? null,
          p?.accBonus98 ?? null,
        ],
      );
      for (const [position, tag] of e.teams.entries()) {
        await tx.query('INSERT INTO event_teams (event_id, tag, position) VALUES ($1, $2, $3)', [
          rows[0].event_id,
          tag,
          position,
        ]);
      }
    }
  });
}
