/**
 * After a poll: queues the posts each connected team chose and has not had yet. An event's
 * standings are one message, edited in place: queued after a poll while the event runs whenever
 * they changed (nothing while nobody has raced), and the final standings once it has ended (from
 * 10 minutes after its end, when the poll covering it has committed; events ended within the last
 * two days only). Then the team's top racers of the day before (flagged racers left out) with the
 * Hall of Fame titles its racers won (hall-of-fame-posts.ts), who joined and left it that day
 * (nothing when nobody did), and the weekly members at risk (enqueue-at-risk.ts).
 */
import { participants } from '../../rules/event-results.js';
import { addDayKeys, dayStart, formatSiteDateTime, todayKey } from '../../rules/site-time.js';
import { windowStats } from '../../rules/stats.js';
import { enqueue, isQueued, listWebhooks, memberChanges, recentEventIds, type Webhook } from '../db/discord-repo.js';
import type { Queryable } from '../db/database.js';
import { queueStandings } from '../db/discord-event-messages-repo.js';
import { findEvent, racerTeamTotals } from '../db/events-repo.js';
import { participantsBetween } from '../db/team/participants-repo.js';
import { queueAtRisk } from './enqueue-at-risk.js';
import { queueHallOfFame } from './hall-of-fame-posts.js';
import { dailyTopMessage, eventStandingsMessage, memberLogMessage, type StandingRow } from './embeds.js';

export const SETTLE_MS = 10 * 60_000;
const RECENT_MS = 2 * 24 * 3600_000;

export interface EnqueueOptions {
  now: Date;
  tz: string;
  siteUrl?: string;
}

const SORT_KEYS: Record<string, (r: StandingRow) => number> = {
  Races: (r) => r.races,
  WPM: (r) => r.wpm ?? -1,
  Accuracy: (r) => r.accuracy ?? -1,
  Points: (r) => r.points,
};

/** Best first by the event's default sort, then points, then username. */
export function sortStandings(rows: StandingRow[], by: string): StandingRow[] {
  const key = SORT_KEYS[by] ?? SORT_KEYS.Races;
  return [...rows].sort((a, b) => key(b) - key(a) || b.points - a.points || a.username.localeCompare(b.username));
}

async function queueEvents(q: Queryable, w: Webhook, o: EnqueueOptions): Promise<number> {
  let queued = 0;
  const now = o.now.getTime();
  for (const id of await recentEventIds(q, w.tag, o.now, new Date(now - RECENT_MS))) {
    const ev = await findEvent(q, id, o.tz, o.now);
    if (!ev) continue;
    const end = ev.end.getTime();
    const final = end + SETTLE_MS <= now;
    if (!final && now >= end) continue; // the last poll of the event has not committed yet
    // Final standings posted as a separate message before they were edited in place.
    if (await isQueued(q, w.tag, 'event-final', String(ev.id))) continue;
    const rows = sortStandings(
      participants(await racerTeamTotals(q, ev, o.tz), ev.tags, ev.event).map((p) => ({
        username: p.Username,
        displayName: p.CurrentDisplayName,
        races: p.TotalRaces,
        wpm: p.WPM,
        accuracy: p.Accuracy,
        points: p.Points,
      })),
      ev.event.DefaultSort,
    );
    const payload = eventStandingsMessage({
      eventId: ev.id,
      title: ev.event.Title,
      tag: w.tag,
      final,
      rows,
      sortedBy: ev.event.DefaultSort,
      asOf: formatSiteDateTime(final ? ev.end : o.now, o.tz).slice(0, 16),
      siteUrl: o.siteUrl,
    });
    const standings = JSON.stringify(rows);
    if (await queueStandings(q, { tag: w.tag, eventId: ev.id, final, standings, payload, at: o.now })) queued++;
  }
  return queued;
}

async function queueDailyTop(q: Queryable, w: Webhook, o: EnqueueOptions): Promise<number> {
  const today = todayKey(o.now, o.tz);
  if (o.now.getTime() < dayStart(today, o.tz).getTime() + SETTLE_MS) return 0;
  const day = addDayKeys(today, -1);
  if (await isQueued(q, w.tag, 'daily-top', day)) return 0;
  // Flagged racers are left out, as on the screens while "Show flagged racers" is off.
  const raced = (await participantsBetween(q, w.tag, day, day)).filter((p) => !p.bot);
  const rows = raced.map((p) => {
    const s = windowStats(p);
    return {
      username: p.username,
      displayName: p.displayName,
      races: s.races,
      wpm: s.wpm,
      accuracy: s.accuracy,
      points: s.points,
    };
  });
  const payload = dailyTopMessage({ tag: w.tag, day, rows: sortStandings(rows, 'Points'), siteUrl: o.siteUrl });
  return (await enqueue(q, { tag: w.tag, kind: 'daily-top', period: day, payload, at: o.now })) !== null ? 1 : 0;
}

async function queueMemberLog(q: Queryable, w: Webhook, o: EnqueueOptions): Promise<number> {
  const today = todayKey(o.now, o.tz);
  if (o.now.getTime() < dayStart(today, o.tz).getTime() + SETTLE_MS) return 0;
  const day = addDayKeys(today, -1);
  if (await isQueued(q, w.tag, 'members', day)) return 0;
  const changes = await memberChanges(q, w.tag, dayStart(day, o.tz), dayStart(today, o.tz));
  if (changes.length === 0) return 0;
  const payload = memberLogMessage({ tag: w.tag, day, changes, siteUrl: o.siteUrl });
  return (await enqueue(q, { tag: w.tag, kind: 'members', period: day, payload, at: o.now })) !== null ? 1 : 0;
}

/** Queues every due post of every connected team; returns how many were new. */
export async function enqueueDue(q: Queryable, o: EnqueueOptions): Promise<number> {
  let queued = 0;
  for (const w of await listWebhooks(q)) {
    if (w.eventStandings) queued += await queueEvents(q, w, o);
    if (w.dailyTop) queued += (await queueDailyTop(q, w, o)) + (await queueHallOfFame(q, w, o));
    if (w.memberLog) queued += await queueMemberLog(q, w, o);
    queued += await queueAtRisk(q, w, o);
  }
  return queued;
}
