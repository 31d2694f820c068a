/**
 * Reads events and aggregates their batches: the team's event list, one event, and the per racer
 * and team totals inside an event's window (rules/window-split.ts: whole days from the daily
 * rollups, whole hours from the hourly rollups, the edges from the raw batches, so long events
 * stay fast and results stay exact).
 */
import type { Event } from '../../contract/events.js';
import type { RacerTeamTotals } from '../../rules/event-results.js';
import { eventStatus } from '../../rules/event-status.js';
import { eventBatchRange } from '../../rules/event-window.js';
import { formatSiteDateTime } from '../../rules/site-time.js';
import { splitWindow } from '../../rules/window-split.js';
import type { Queryable } from './database.js';
import { windowPartsSql } from './window-sql.js';

/** The largest value of the events.event_id column (int4). */
const MAX_EVENT_ID = 2_147_483_647;

interface EventRow {
  event_id: number;
  title: string;
  description: string;
  start_time: Date;
  end_time: Date;
  default_sort: string;
  min_races: number | null;
  qualifying_races: number | null;
  race_increment: number | null;
  payout_increment: number | null;
  cap: number | null;
  acc_bonus96: number | null;
  acc_bonus98: number | null;
  owner_tag: string | null;
  pay_flagged: boolean;
  tags: string[] | null;
}

/** An event as stored, with its instants and team list, and its wire form. */
export interface StoredEvent {
  id: number;
  start: Date;
  end: Date;
  tags: string[];
  /** The owner team (migration 270); the first of the tags for a row written without one. */
  owner: string;
  event: Event;
}

const EVENT_SELECT = `
  SELECT e.*, (SELECT array_agg(et.tag ORDER BY et.position, et.tag) FROM event_teams et
                WHERE et.event_id = e.event_id) AS tags
    FROM events e`;

const SORTS = new Set(['Races', 'WPM', 'Accuracy', 'Points']);

export function toStoredEvent(r: EventRow, tz: string, now: Date): StoredEvent {
  const tags = r.tags ?? [];
  const owner = r.owner_tag ?? tags[0] ?? '';
  return {
    id: r.event_id,
    start: r.start_time,
    end: r.end_time,
    tags,
    owner,
    event: {
      EventID: r.event_id,
      Title: r.title,
      Description: r.description,
      Status: eventStatus(r.start_time, r.end_time, now),
      StartTime: formatSiteDateTime(r.start_time, tz),
      EndTime: formatSiteDateTime(r.end_time, tz),
      TeamTag: tags.join(' '),
      DefaultSort: (SORTS.has(r.default_sort) ? r.default_sort : 'Races') as Event['DefaultSort'],
      OwnerTag: owner,
      MinRaces: r.min_races,
      QualifyingRaces: r.qualifying_races,
      RaceIncrement: r.race_increment,
      PayoutIncrement: r.payout_increment,
      Cap: r.cap,
      AccBonus96: r.acc_bonus96,
      AccBonus98: r.acc_bonus98,
      PayFlagged: r.pay_flagged,
    },
  };
}

/** The events `tag` takes part in, latest StartTime first, ties by higher EventID. */
export async function listTeamEvents(q: Queryable, tag: string, tz: string, now: Date): Promise<Event[]> {
  const { rows } = await q.query<EventRow>(
    `${EVENT_SELECT}
      WHERE EXISTS (SELECT 1 FROM event_teams et WHERE et.event_id = e.event_id AND et.tag = $1)
      ORDER BY e.start_time DESC, e.event_id DESC`,
    [tag],
  );
  return rows.map((r) => toStoredEvent(r, tz, now).event);
}

/** One event, or null when there is no such id. */
export async function findEvent(q: Queryable, id: number, tz: string, now: Date): Promise<StoredEvent | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_EVENT_ID) return null;
  const { rows } = await q.query<EventRow>(`${EVENT_SELECT} WHERE e.event_id = $1`, [id]);
  return rows[0] ? toStoredEvent(rows[0], tz, now) : null;
}

/** Sums every batch of the event's teams inside its window, per racer and team. */
export async function racerTeamTotals(
  q: Queryable,
  ev: Pick<StoredEvent, 'start' | 'end' | 'tags'>,
  tz: string,
): Promise<RacerTeamTotals[]> {
  const range = eventBatchRange(ev.start, ev.end);
  const parts = splitWindow({ start: range.from, end: range.to }, tz);
  if (ev.tags.length === 0 || parts.length === 0) return [];
  const params: unknown[] = [ev.tags];
  const union = windowPartsSql(parts, params, { days: 'daily', where: 'tag = ANY($1::text[])', withAt: true });
  const { rows } = await q.query<{
    user_id: number;
    tag: string;
    races: number;
    typed: number;
    errs: number;
    secs: number;
    points: number;
    last_at: Date;
    username: string;
    display_name: string | null;
    squad: string | null;
    custom_name: string | null;
    bot: boolean;
  }>(
    `WITH parts AS (${union}),
     totals AS (
       SELECT user_id, tag, sum(races)::bigint AS races, sum(typed)::bigint AS typed, sum(errs)::bigint AS errs,
              sum(secs)::bigint AS secs, sum(points)::float8 AS points, max(at) AS last_at
         FROM parts GROUP BY user_id, tag
     )
     SELECT t.*, r.username, r.display_name, sa.squad, sn.custom_name, (bf.user_id IS NOT NULL) AS bot
       FROM totals t
       JOIN racers r ON r.user_id = t.user_id
       LEFT JOIN squad_assignments sa ON sa.tag = t.tag AND sa.user_id = t.user_id
       LEFT JOIN squad_names sn ON sn.tag = t.tag AND sn.squad = sa.squad
       LEFT JOIN bot_flags bf ON bf.user_id = t.user_id
      WHERE t.races > 0`,
    params,
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    tag: r.tag,
    races: r.races,
    typed: r.typed,
    errs: r.errs,
    secs: r.secs,
    points: r.points,
    lastAt: r.last_at,
    username: r.username,
    displayName: r.display_name,
    squad: r.squad,
    squadName: r.custom_name,
    bot: r.bot,
  }));
}
