/**
 * The SQL of a window plan: one UNION ALL branch per piece, each reading the raw counters
 * (races, typed, errs, secs, points) of its rollup or of raw batches, negated when subtracted.
 *
 * Per racer (`racerPiecesSql`): user_id, tag and counters from the racer rollups (monthly, weekly,
 * daily, six-hour, hourly) and batches. Per team (`teamPiecesSql`): tag and counters from the team
 * rollups (every racer of the team, migrations 010 and 060), minus the flagged racers' own rollup
 * rows when bots are left out, and raw batches for the edges. The individual board reads a whole
 * day, week or month added, and the trailing 24-hour or 7-day sums, as one packed value
 * (migrations 080 and 100); a board that is just one of those reads its own lines (migration 110).
 * It also reads the racers' running totals of a day (migration 120), added or subtracted.
 */
import type { Piece } from './window-plan.js';

const COUNTERS = ['races', 'typed', 'errs', 'secs', 'points'] as const;

type Bind = (v: unknown) => string;

function binder(params: unknown[]): Bind {
  return (v) => {
    params.push(v);
    return `$${params.length}`;
  };
}

function counters(sign: number): string {
  return COUNTERS.map((c) => (sign < 0 ? `-${c} AS ${c}` : c)).join(', ');
}

interface Tables {
  monthly: string;
  weekly: string;
  daily: string;
  sixHour: string;
  hourly: string;
}

const CALENDAR_KEY = { monthly: 'month', weekly: 'week', daily: 'day' } as const;

/** The rows of a piece's span in one table, with a filter on top. */
function span(p: Piece, at: Bind, tables: Tables): { table: string; where: string } {
  switch (p.source) {
    case 'running':
      throw new Error('The running totals are packed per racer: they have no rows to read');
    case 'trailing':
      // Empty unless the sums still end at the anchor the plan was made for.
      return {
        table: 'trailing_totals',
        where: `hours = ${p.hours} AND (SELECT anchor FROM trailing_anchor) = ${at(p.anchor.toISOString())}::timestamptz`,
      };
    case 'monthly':
    case 'weekly':
    case 'daily': {
      const key = CALENDAR_KEY[p.source];
      return { table: tables[p.source], where: `${key} >= ${at(p.first)}::date AND ${key} <= ${at(p.last)}::date` };
    }
    case 'sixHour':
      return {
        table: tables.sixHour,
        where: `block >= ${at(p.start.toISOString())}::timestamptz AND block < ${at(p.end.toISOString())}::timestamptz`,
      };
    case 'hourly':
      return {
        table: tables.hourly,
        where: `hour >= ${at(p.start.toISOString())}::timestamptz AND hour < ${at(p.end.toISOString())}::timestamptz`,
      };
    case 'raw':
      return {
        table: 'batches',
        where: `end_time >= ${at(p.start.toISOString())}::timestamptz AND end_time < ${at(p.end.toISOString())}::timestamptz`,
      };
  }
}

const RACER_TABLES: Tables = {
  monthly: 'racer_monthly_rollups',
  weekly: 'racer_weekly_rollups',
  daily: 'daily_rollups',
  sixHour: 'racer_six_hour_rollups',
  hourly: 'hourly_rollups',
};
const TEAM_TABLES: Tables = {
  monthly: 'team_monthly_rollups',
  weekly: 'team_weekly_rollups',
  daily: 'team_daily_rollups',
  sixHour: 'team_six_hour_rollups',
  hourly: 'team_hourly_rollups',
};
const BOTS = 'SELECT user_id FROM bot_flags';

/**
 * The sum of a counter column. Integer counters are added as float8 and cast back: PostgreSQL adds
 * bigints as numeric, several times slower, and every partial sum here is an integer far below
 * 2^53 (a year of one team's typed characters is under 10^11), so float8 adds them exactly.
 */
function counterSum(c: (typeof COUNTERS)[number]): string {
  return c === 'points' ? 'sum(points)' : `sum(${c}::float8)::bigint`;
}

/** Counters of a raw piece added up per `key` (one row per racer or team instead of one per batch). */
function rawSums(key: string, sign: number, table: string, where: string): string {
  const sums = COUNTERS.map((c) => `${sign < 0 ? '-' : ''}${counterSum(c)} AS ${c}`).join(', ');
  return `SELECT ${key}, ${sums} FROM ${table} WHERE ${where} GROUP BY ${key}`;
}

/**
 * A subquery of (user_id, races, typed, errs, secs, points) rows whose sums per racer are the
 * window's: rollup rows as they are (already about one per racer), raw batches added up per racer.
 */
function racerPiecesSql(pieces: Piece[], params: unknown[]): string {
  const at = binder(params);
  return pieces
    .map((p) => {
      const { table, where } = span(p, at, RACER_TABLES);
      return p.source === 'raw'
        ? rawSums('user_id', p.sign, table, where)
        : `SELECT user_id, ${counters(p.sign)} FROM ${table} WHERE ${where}`;
    })
    .join('\nUNION ALL\n');
}

/** A subquery of (tag, races, typed, errs, secs, points) rows whose sums per tag are the window's. */
function teamPiecesSql(pieces: Piece[], params: unknown[], opts: { showBots: boolean }): string {
  const at = binder(params);
  const branches: string[] = [];
  for (const p of pieces) {
    if (p.source === 'raw' || p.source === 'trailing') {
      const { table, where } = span(p, at, RACER_TABLES);
      const filtered = `${where}${opts.showBots ? '' : ` AND user_id NOT IN (${BOTS})`}`;
      branches.push(
        p.source === 'raw'
          ? rawSums('tag', p.sign, table, filtered)
          : `SELECT tag, ${counters(p.sign)} FROM ${table} WHERE ${filtered}`,
      );
      continue;
    }
    const team = span(p, at, TEAM_TABLES);
    branches.push(`SELECT tag, ${counters(p.sign)} FROM ${team.table} WHERE ${team.where}`);
    if (!opts.showBots) {
      const bots = span(p, at, RACER_TABLES);
      branches.push(`SELECT tag, ${counters(-p.sign)} FROM ${bots.table} WHERE user_id IN (${BOTS}) AND ${bots.where}`);
    }
  }
  return branches.join('\nUNION ALL\n');
}

/** Whether a piece is one row per racer (or team) and team: one rollup unit, or the trailing sums. */
function oneUnit(p: Piece): boolean {
  switch (p.source) {
    case 'trailing':
    case 'running':
      return true;
    case 'monthly':
    case 'weekly':
    case 'daily':
      return p.first === p.last;
    case 'sixHour':
      return p.end.getTime() - p.start.getTime() <= 6 * 3_600_000;
    case 'hourly':
      return p.end.getTime() - p.start.getTime() <= 3_600_000;
    case 'raw':
      return false;
  }
}

/** What every board query returns first: the data version and the trailing sums' anchor. */
const META = `(SELECT value FROM app_meta WHERE key = 'data_version') AS version, (SELECT anchor FROM trailing_anchor) AS anchor`;

/**
 * The query of a board's sums: the data version, the anchor of the trailing sums, and one
 * text line per row, `races,typed,errs,secs,points,key`, split by newlines, in no particular order.
 * The reader adds up the lines of a key that comes more than once and writes the JSON
 * (board-json.ts). `key` must give text without a newline.
 *
 * `packed` are values already in that form (racer_unit_sums, migration 080), joined as they are;
 * `minus` are such values to subtract (running totals, migration 120), sent as a second column.
 * The rows of the other pieces are sent row by row when they are about one per racer (one rollup
 * unit, or raw pieces, each grouped per key already): cheaper to send than to group here. Any
 * other plan is grouped here, dropping keys without races unless packed lines may still add some.
 */
function boardSumsSql(
  rowPieces: Piece[],
  rowsSql: string | null,
  key: string,
  packed: string[],
  minus: string[],
  rowPerKey: (p: Piece) => boolean,
): string {
  const texts = [...packed];
  if (rowsSql) {
    const rollups = rowPieces.filter((p) => p.source !== 'raw');
    const perRow = rollups.length === 0 || (rollups.length === 1 && rowPerKey(rollups[0]));
    const rows = perRow
      ? `SELECT ${key} AS k, races, typed, errs, secs, points FROM (${rowsSql}) AS p`
      : `SELECT ${key} AS k, ${COUNTERS.map((c) => `${counterSum(c)} AS ${c}`).join(', ')}
           FROM (${rowsSql}) AS p GROUP BY 1${packed.length || minus.length ? '' : ' HAVING sum(races::float8) > 0'}`;
    texts.push(`(SELECT string_agg(concat_ws(',', races, typed, errs, secs, points, k), E'\n') FROM (${rows}) AS t)`);
  }
  const minusColumn = minus.length ? `, ${joined(minus)} AS minus` : '';
  return `SELECT ${META}, ${joined(texts)} AS sums${minusColumn}`;
}

/** Texts joined into one by newlines; one text is sent as it is, as joining it would only copy it. */
function joined(texts: string[]): string {
  return texts.length === 1 ? texts[0] : `concat_ws(E'\n', ${texts.join(', ')})`;
}

/**
 * A piece the individual board reads as one packed value (migrations 080, 100, 110, 120): one
 * calendar unit added, a span's trailing sums while their anchor is the plan's (else nothing, as
 * `span`), or a day's running totals, added or subtracted (those of the last day before it that
 * has any). `column` is `sums` (lines to add up) or `board` (the board's own lines).
 */
function packedValue(p: Piece, at: Bind, column: 'sums' | 'board'): string | null {
  if (p.source === 'running') {
    return column === 'sums'
      ? `(SELECT sums FROM racer_running_sums WHERE day <= ${at(p.day)}::date ORDER BY day DESC LIMIT 1)`
      : null;
  }
  if (p.sign !== 1) return null;
  switch (p.source) {
    case 'trailing':
      return `(SELECT ${column} FROM trailing_sums WHERE hours = ${p.hours} AND (SELECT anchor FROM trailing_anchor) = ${at(p.anchor.toISOString())}::timestamptz)`;
    case 'monthly':
    case 'weekly':
    case 'daily':
      return p.first === p.last
        ? `(SELECT ${column} FROM racer_unit_sums WHERE grain = '${p.source}' AND unit = ${at(p.first)}::date)`
        : null;
    default:
      return null;
  }
}

/**
 * The query of a plan that is one packed piece: the data version, the anchor, and the board's own
 * lines (migration 110) as `board`; null for any other plan.
 */
export function racerBoardLinesSql(pieces: Piece[], params: unknown[]): string | null {
  if (pieces.length !== 1) return null;
  const value = packedValue(pieces[0], binder(params), 'board');
  return value && `SELECT ${META}, ${value} AS board`;
}

/** The individual board's sums query, keyed by user id. */
export function racerBoardSql(pieces: Piece[], params: unknown[]): string {
  const at = binder(params);
  const packed: string[] = [];
  const minus: string[] = [];
  const rest: Piece[] = [];
  for (const p of pieces) {
    const sql = packedValue(p, at, 'sums');
    if (!sql) rest.push(p);
    else if (p.sign === 1) packed.push(sql);
    else minus.push(sql);
  }
  return boardSumsSql(rest, rest.length ? racerPiecesSql(rest, params) : null, 'user_id', packed, minus, oneUnit);
}

/** The team board's sums query, keyed by the JSON text of each tag. */
export function teamBoardSql(pieces: Piece[], params: unknown[], opts: { showBots: boolean }): string {
  // The trailing sums are per racer: grouped here into a row per team.
  return boardSumsSql(
    pieces,
    teamPiecesSql(pieces, params, opts),
    'to_json(tag)::text',
    [],
    [],
    (p) => p.source !== 'trailing' && oneUnit(p),
  );
}
