/**
 * Team and individual leaderboards of any window. The window is split (rules/window-split.ts)
 * into the rolling totals of the last 24 hours or 7 days (rolling-totals.ts) or whole days, read
 * as two days' running totals (running-totals.ts), whole hours from hourly_rollups, and raw
 * 10-minute edges; the database adds the parts up per team or racer and the stats are worked out
 * here by rules/stats.ts (docs/product.md 'The numbers'). Rows are sorted by Points, highest first, then
 * by name (code-unit order).
 */
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../../contract/leaderboards.js';
import { accuracy, wpm, type Totals } from '../../../rules/stats.js';
import type { Window } from '../../../rules/site-time.js';
import { mayUseRolling, splitWindow, type WindowPart } from '../../../rules/window-split.js';
import type { Queryable } from '../database.js';
import { readRollingSince, ROLLING_HOURS } from '../rolling-totals.js';
import { windowPartsSql } from '../window-sql.js';

export interface PlanOptions {
  tz: string;
  now: Date;
  /** Overrides the split; `rawPlan` gives the naive GROUP BY over raw batches (benchmarks, tests). */
  pieces?: WindowPart[];
}

/** The whole window read from raw batches: the naive query. */
export function rawPlan(w: Window): WindowPart[] {
  return w.end > w.start ? [{ source: 'raw', sign: 1, from: w.start, to: w.end }] : [];
}

/**
 * The SQL of the window's sums per `key`, for keys with races (null for an empty window). Integer
 * counters are added as float8: exact below 2^53 and much faster than PostgreSQL's numeric sums.
 */
async function sumsSql(
  db: Queryable,
  w: Window,
  opts: PlanOptions,
  params: unknown[],
  key: string,
  where?: string,
): Promise<string | null> {
  const rolling = !opts.pieces && mayUseRolling(w, opts.now, ROLLING_HOURS) ? await readRollingSince(db) : [];
  const parts = opts.pieces ?? splitWindow(w, opts.tz, { subtract: true, now: opts.now, rolling });
  if (parts.length === 0) return null;
  const union = windowPartsSql(parts, params, { days: 'running', where });
  return `SELECT ${key}, sum(races::float8) AS races, sum(typed::float8) AS typed,
         sum(errs::float8) AS errs, sum(secs::float8) AS secs, sum(points) AS points
    FROM (${union}) AS p GROUP BY ${key} HAVING sum(races::float8) > 0`;
}

const stats = (r: Totals) => ({
  Races: r.races,
  Accuracy: accuracy(r.typed, r.errs),
  WPM: wpm(r.typed, r.secs),
  Points: r.points,
});

function byPointsThenName<T extends { Points: number }>(rows: T[], name: (r: T) => string): T[] {
  return rows.sort((a, b) => b.Points - a.Points || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0));
}

/** The team board: one row per tag, bots' batches only when asked. */
export async function teamLeaderboard(
  db: Queryable,
  w: Window,
  opts: PlanOptions & { showBots: boolean },
): Promise<TeamLeaderboardRow[]> {
  const params: unknown[] = [];
  const where = opts.showBots ? undefined : 'user_id NOT IN (SELECT user_id FROM bot_flags)';
  const sql = await sumsSql(db, w, opts, params, 'tag', where);
  if (sql === null) return [];
  // One JSON value instead of a row per team: PGlite hands over row sets slowly.
  const { rows } = await db.query<{ rows: string }>(
    `SELECT coalesce(json_agg(t)::text, '[]') AS rows FROM (${sql}) AS t`,
    params,
  );
  return byPointsThenName(
    (JSON.parse(rows[0].rows) as Array<Totals & { tag: string }>).map((r) => ({ TeamTag: r.tag, ...stats(r) })),
    (r) => r.TeamTag,
  );
}

export async function teamLeaderboardJson(
  db: Queryable,
  w: Window,
  opts: PlanOptions & { showBots: boolean },
): Promise<string> {
  return JSON.stringify(await teamLeaderboard(db, w, opts));
}

/** A racer as the individual board names them: the name it sorts by and the JSON of the row's first fields. */
type Identity = { name: string; head: string };
type IdentityRow = [userId: number, username: string, displayName: string | null, team: string | null, bot: boolean];
/** The sums as columns (user_id, races, typed, errs, secs, points): arrays of plain numbers, little to collect. */
type SumsColumns = [number[], number[], number[], number[], number[], number[]] | [null];

/** Every racer's identity, kept per database and data version (a rename, move or bot flag bumps it). */
const kept = new WeakMap<Queryable, { version: number; byId: Map<number, Identity> }>();

/** user_id, username, display name, current team (the latest joined), bot: one JSON array per racer. */
const IDENTITIES_SQL = `SELECT coalesce(json_agg(json_build_array(r.user_id, r.username,
         nullif(r.display_name, ''), m.tag, b.user_id IS NOT NULL))::text, '[]')
    FROM racers r
    LEFT JOIN (SELECT DISTINCT ON (user_id) user_id, tag FROM memberships WHERE left_at IS NULL
                ORDER BY user_id, first_seen DESC) AS m ON m.user_id = r.user_id
    LEFT JOIN bot_flags b ON b.user_id = r.user_id`;

function identity(...[UserID, Username, displayName, TeamTag, bot]: IdentityRow): Identity {
  const head = JSON.stringify({ UserID, Username, CurrentDisplayName: displayName ?? Username, TeamTag, bot: +bot });
  return { name: Username, head: `${head.slice(0, -1)},` };
}

/**
 * The individual board as JSON: one row per racer over all their teams, with current name, team
 * and bot flag. The database sends the sums as numbers only, with the data version read in the
 * same snapshot, and the identities only when that version is not the one kept (the naive plan
 * always reads them, so comparing with it checks the kept ones); the rows are written here once.
 */
export async function individualLeaderboardJson(db: Queryable, w: Window, opts: PlanOptions): Promise<string> {
  const params: unknown[] = [];
  const sql = await sumsSql(db, w, opts, params, 'user_id');
  if (sql === null) return '[]';
  const known = opts.pieces ? undefined : kept.get(db);
  const { rows } = await db.query<{ version: string; sums: string; identities: string | null }>(
    `SELECT v.version, (SELECT json_build_array(array_agg(user_id), array_agg(races), array_agg(typed),
                                                array_agg(errs), array_agg(secs), array_agg(points))::text
                          FROM (${sql}) AS s) AS sums,
            CASE WHEN v.version IS DISTINCT FROM $${params.push(known?.version ?? -1)}::bigint
                 THEN (${IDENTITIES_SQL}) END AS identities
       FROM (SELECT (SELECT value::bigint FROM app_meta WHERE key = 'data_version') AS version) AS v`,
    params,
  );
  let ids = known;
  if (rows[0].identities !== null) {
    const byId = new Map<number, Identity>();
    for (const r of JSON.parse(rows[0].identities) as IdentityRow[]) byId.set(r[0], identity(...r));
    ids = { version: Number(rows[0].version), byId };
    kept.set(db, ids);
  }
  const [u, races, typed, errs, secs, points] = JSON.parse(rows[0].sums) as SumsColumns;
  if (u === null) return '[]';
  // A racer not (yet) in racers shows the id as name.
  const who = u.map((id) => ids?.byId.get(id) ?? identity(id, String(id), null, null, false));
  const order = byPointsThenName(
    u.map((_, i) => ({ Points: points[i], i })),
    (r) => who[r.i].name,
  );
  let json = '';
  for (const { i } of order) {
    json += `,${who[i].head}"Races":${races[i]},"Accuracy":${num(accuracy(typed[i], errs[i]))},"WPM":${num(wpm(typed[i], secs[i]))},"Points":${num(points[i])}}`;
  }
  return `[${json.slice(1)}]`;
}

/** A number as JSON.stringify writes it. */
const num = (v: number | null) => (v === null || !Number.isFinite(v) ? 'null' : String(v));

export async function individualLeaderboard(
  db: Queryable,
  w: Window,
  opts: PlanOptions,
): Promise<IndividualLeaderboardRow[]> {
  return JSON.parse(await individualLeaderboardJson(db, w, opts)) as IndividualLeaderboardRow[];
}
