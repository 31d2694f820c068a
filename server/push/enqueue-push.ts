/**
 * After a poll: queues each device's due messages, at most PUSH_DAILY_CAP a site day per device
 * and each once (kind and period): the daily "members need attention" summary for staff (from
 * 09:00 site time, when any member does), "my weekly requirement is at risk" (on the last day of
 * the site week, from 09:00, when the racer's races this week are still below what they owe:
 * the team's weekly requirement pro rata by join day), "an event I'm in has ended" (from 10 minutes after its end, within two days:
 * rank, races, winnings), and "someone passed me" (the racer's or their team's position on the
 * chosen rolling board, compared with the position the last poll left: a lower place is a pass).
 *
 * Its cost does not grow with a query per device: the devices are read in chunks of `chunk`, and
 * each chunk costs a few statements (the devices with their kept positions, their racers, the
 * messages already queued, the new positions and messages), while what many devices share (boards,
 * event standings, team verdicts, staff roles) is read once a pass. With `budgetMs` a pass starts
 * no chunk once that much time has gone and the next pass goes on after the last device judged
 * (`cursor`); push-service.ts gives it a budget, so a pass stays short whatever the table holds.
 */
import { participants } from '../../rules/event-results.js';
import { periodWindow } from '../../rules/periods.js';
import { addDayKeys, dayStart, todayKey, weekStartOf, zoneLabel } from '../../rules/site-time.js';
import type { Queryable } from '../db/database.js';
import { findEvent, racerTeamTotals } from '../db/events-repo.js';
import { individualLeaderboard, teamLeaderboard } from '../db/leaderboards/leaderboard-repo.js';
import {
  boardKey,
  enqueuePushBatch,
  keepPositions,
  listSubscriptions,
  racersByUsername,
  recentEvents,
  staffRole,
  trackedTags,
  type PushCandidate,
  type PushMessage,
  type PushSubscriptionRow,
  type SubscribedRacer,
} from '../db/push-repo.js';
import { atRiskMembersThisWeek } from '../db/requirements-repo.js';
import { sortStandings } from '../discord/enqueue-due.js';
import { membersNeedingAttention } from './members-attention.js';

export const PUSH_DAILY_CAP = 4;
/** Daily messages wait for the morning (site time). */
export const MORNING_HOUR = 9;
/** Devices judged together: a few statements for each chunk. */
export const PUSH_QUEUE_CHUNK = 500;
const SETTLE_MS = 10 * 60_000;
const RECENT_MS = 2 * 24 * 3600_000;
const BOARD_NAMES = { '24hour': '24-hour', '7day': '7-day' } as const;

/** Where a pass that ran out of time stopped: the next one goes on after this device id (0: from the first). */
export interface PushQueueCursor {
  after: number;
}

export interface PushEnqueueOptions {
  now: Date;
  tz: string;
  /** No chunk is started once a pass has run this long (default: none, every device is judged). */
  budgetMs?: number;
  /** Carried from pass to pass with a budget: where the last one stopped. */
  cursor?: PushQueueCursor;
  chunk?: number;
}

/** What one pass reads once for every device: boards, event standings, team verdicts, racers. */
class PassCache {
  private readonly memo = new Map<string, Promise<unknown>>();
  once<T>(key: string, make: () => Promise<T>): Promise<T> {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as Promise<T>;
  }
}

interface Pass {
  q: Queryable;
  o: PushEnqueueOptions;
  today: string;
  morning: boolean;
  cache: PassCache;
  racers: Map<string, SubscribedRacer | null>;
}

/** A chunk's work: the messages due, in order, and the board positions that moved. */
interface Judged {
  candidates: PushCandidate[];
  positions: Array<{ subscriptionId: number; board: string; position: number | null }>;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function queue(j: Judged, s: PushSubscriptionRow, kind: string, period: string, message: PushMessage) {
  j.candidates.push({ subscriptionId: s.id, kind, period, message });
}

async function staffSummary(p: Pass, j: Judged, s: PushSubscriptionRow): Promise<void> {
  if (s.staffUser === null || !p.morning) return;
  const staffUser = s.staffUser;
  const user = await p.cache.once(`staff:${staffUser}`, () => staffRole(p.q, staffUser));
  if (!user || (user.role !== 'admin' && user.role !== 'teamadmin')) return;
  const tags =
    user.role === 'admin' ? await p.cache.once('tracked', () => trackedTags(p.q)) : user.teamTag ? [user.teamTag] : [];
  const counts: Array<[string, number]> = [];
  for (const tag of tags) {
    const n = await p.cache.once(`attention:${tag}`, () => membersNeedingAttention(p.q, tag, p.o.now, p.o.tz));
    if (n > 0) counts.push([tag, n]);
  }
  if (counts.length === 0) return;
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  queue(j, s, 'staff-summary', p.today, {
    title: `${plural(total, 'member')} ${total === 1 ? 'needs' : 'need'} attention`,
    body: counts.map(([tag, n]) => `${tag}: ${n}`).join(' · '),
    path: `/health?tag=${encodeURIComponent(counts[0][0])}`,
  });
}

async function requirementAtRisk(p: Pass, j: Judged, s: PushSubscriptionRow, racer: SubscribedRacer): Promise<void> {
  const weekStart = weekStartOf(p.today);
  const tag = racer.tag;
  if (!s.requirementRisk || !tag || !p.morning || p.today !== addDayKeys(weekStart, 6)) return;
  const risk = await p.cache.once(`risk:${tag}`, () => atRiskMembersThisWeek(p.q, tag, p.o.now, p.o.tz));
  const short = risk?.members.find((m) => m.userId === racer.userId);
  if (!risk || !short) return;
  queue(j, s, 'requirement', `${tag}:${risk.week}`, {
    title: `${plural(short.owed - short.races, 'race')} to go for ${tag} this week`,
    body: `You have ${short.races.toLocaleString('en-US')} of the ${plural(short.owed, 'race')} ${tag} asks of you this week. The week ends tonight at midnight ${zoneLabel(p.o.tz)}.`,
    path: `/health?tag=${encodeURIComponent(tag)}`,
  });
}

async function eventsEnded(p: Pass, j: Judged, s: PushSubscriptionRow, racer: SubscribedRacer): Promise<void> {
  if (!s.eventEnded) return;
  const now = p.o.now.getTime();
  const recent = await p.cache.once('events', () =>
    recentEvents(p.q, new Date(now - SETTLE_MS), new Date(now - RECENT_MS)),
  );
  for (const { eventId: id } of recent.filter((e) => e.tags.some((t) => racer.tags.includes(t)))) {
    const standings = await p.cache.once(`event:${id}`, async () => {
      const ev = await findEvent(p.q, id, p.o.tz, p.o.now);
      if (!ev) return null;
      const rows = participants(await racerTeamTotals(p.q, ev, p.o.tz), ev.tags, ev.event);
      const order = sortStandings(
        rows.map((r) => ({
          username: r.Username,
          displayName: r.CurrentDisplayName,
          races: r.TotalRaces,
          wpm: r.WPM,
          accuracy: r.Accuracy,
          points: r.Points,
        })),
        ev.event.DefaultSort,
      ).map((r) => r.username);
      return { title: ev.event.Title, rows, order };
    });
    if (!standings) continue;
    const rank = standings.order.indexOf(racer.username) + 1;
    const mine = standings.rows.find((r) => r.Username === racer.username);
    if (!mine || rank === 0) continue;
    const won = mine.Winnings !== null && mine.Winnings > 0 ? ` · won $${mine.Winnings.toLocaleString('en-US')}` : '';
    queue(j, s, 'event-ended', `${id}:${racer.username}`, {
      title: `${standings.title} has ended`,
      body: `You finished #${rank} of ${standings.order.length} with ${plural(mine.TotalRaces, 'race')}${won}.`,
      path: `/eventviewer?tag=${encodeURIComponent(mine.TeamTag)}&event=${id}`,
    });
  }
}

/** The names on a rolling board, best first: racers (bots left out, as the board shows them) or team tags. */
function boardOrder(p: Pass, board: '24hour' | '7day', scope: 'individual' | 'team'): Promise<string[]> {
  return p.cache.once(`board:${board}:${scope}`, async () => {
    const w = periodWindow({ period: board }, p.o.now, p.o.tz);
    const plan = { tz: p.o.tz, now: p.o.now };
    if (scope === 'team') return (await teamLeaderboard(p.q, w, { ...plan, showBots: false })).map((r) => r.TeamTag);
    return (await individualLeaderboard(p.q, w, plan)).filter((r) => !r.bot).map((r) => r.Username);
  });
}

async function passed(p: Pass, j: Judged, s: PushSubscriptionRow, racer: SubscribedRacer): Promise<void> {
  if (!s.passedBoard) return;
  const board = s.passedBoard;
  const name = s.passedScope === 'team' ? racer.tag : racer.username;
  const key = boardKey(s);
  const order = name ? await boardOrder(p, board, s.passedScope) : [];
  const index = name ? order.indexOf(name) : -1;
  const now = index >= 0 ? index + 1 : null;
  const before = s.lastPosition;
  if (now !== before) j.positions.push({ subscriptionId: s.id, board: key, position: now });
  if (before === null || now === null || now <= before) return;
  const ahead = order[index - 1];
  const who = s.passedScope === 'team' ? `${name} is` : 'You are';
  queue(j, s, 'passed', `${key}|${p.today}|${now}`, {
    title: s.passedScope === 'team' ? `Another team passed ${name}` : 'Someone passed you',
    body: `${who} now #${now} on the ${BOARD_NAMES[board]} board (was #${before}); ${ahead} is just ahead.`,
    path: `/leaderboards?view=${s.passedScope === 'team' ? 'teams' : 'individuals'}&period=${board}`,
  });
}

/** Judges one chunk of devices and writes what came of it; returns how many messages were queued. */
async function judgeChunk(p: Pass, subscriptions: PushSubscriptionRow[]): Promise<number> {
  const unknown = [...new Set(subscriptions.flatMap((s) => (s.username ? [s.username.toLowerCase()] : [])))].filter(
    (u) => !p.racers.has(u),
  );
  const found = await racersByUsername(p.q, unknown);
  for (const u of unknown) p.racers.set(u, found.get(u) ?? null);
  const j: Judged = { candidates: [], positions: [] };
  for (const s of subscriptions) {
    await staffSummary(p, j, s);
    const racer = s.username ? p.racers.get(s.username.toLowerCase()) : null;
    if (!racer) continue;
    await requirementAtRisk(p, j, s, racer);
    await eventsEnded(p, j, s, racer);
    await passed(p, j, s, racer);
  }
  await keepPositions(p.q, j.positions);
  return enqueuePushBatch(p.q, j.candidates, { day: p.today, at: p.o.now, cap: PUSH_DAILY_CAP });
}

/**
 * Queues the devices' due messages; returns how many were new. Without a budget every device is
 * judged; with one, the pass starts after `cursor.after`, goes on round to the first device, and
 * stops where its time ran out: `cursor` keeps the last device judged for the next pass (0 once
 * the last device, or all of them, were judged).
 */
export async function enqueuePushDue(q: Queryable, o: PushEnqueueOptions): Promise<number> {
  const started = performance.now();
  const today = todayKey(o.now, o.tz);
  const morning = o.now.getTime() >= dayStart(today, o.tz).getTime() + MORNING_HOUR * 3600_000;
  const p: Pass = { q, o, today, morning, cache: new PassCache(), racers: new Map() };
  const cursor = o.cursor ?? { after: 0 };
  const limit = o.chunk ?? PUSH_QUEUE_CHUNK;
  // From where the last pass stopped to the last device, then from the first device to there.
  const laps: Array<{ after: number; upTo: number | null }> = [{ after: cursor.after, upTo: null }];
  if (cursor.after > 0) laps.push({ after: 0, upTo: cursor.after });
  const outOfTime = () => o.budgetMs !== undefined && performance.now() - started >= o.budgetMs;
  let queued = 0;
  for (const [i, lap] of laps.entries()) {
    // At least one chunk a pass, however short the budget: every device has its turn.
    if (i > 0 && outOfTime()) return queued;
    let after = lap.after;
    for (;;) {
      const chunk = await listSubscriptions(q, { after, limit, upTo: lap.upTo });
      if (chunk.length === 0) break;
      queued += await judgeChunk(p, chunk);
      after = chunk[chunk.length - 1].id;
      cursor.after = after;
      if (chunk.length < limit) break;
      if (outOfTime()) return queued;
    }
    // The last device judged (or the one the pass started after): the next pass starts from the first.
    cursor.after = 0;
  }
  return queued;
}
