/**
 * After a poll: queues each device's due messages, at most PUSH_DAILY_CAP a site day per device
 * and each once (kind and period): the daily "members need attention" summary for staff (from
 * 09:00 site time, when any member does), "my weekly requirement is at risk" (on the last day of
 * the site week, from 09:00, when the racer's races this week are still below what they owe:
 * the team's weekly requirement pro rata by join day), "an event I'm in has ended" (from 10 minutes after its end, within two days:
 * rank, races, winnings), and "someone passed me" (the racer's or their team's position on the
 * chosen rolling board, compared with the position the last poll left: a lower place is a pass).
 */
import { participants } from '../../rules/event-results.js';
import { periodWindow } from '../../rules/periods.js';
import { addDayKeys, dayStart, todayKey, weekStartOf } from '../../rules/site-time.js';
import type { Queryable } from '../db/database.js';
import { findEvent, racerTeamTotals } from '../db/events-repo.js';
import { individualLeaderboard, teamLeaderboard } from '../db/leaderboards/leaderboard-repo.js';
import {
  enqueuePush,
  keepPosition,
  lastPosition,
  listSubscriptions,
  racerByUsername,
  racerRecentEventIds,
  staffRole,
  trackedTags,
  type PushMessage,
  type PushSubscriptionRow,
  type RacerOnTeam,
} from '../db/push-repo.js';
import { sortStandings } from '../discord/enqueue-due.js';
import { membersNeedingAttention, weeklyShortfall } from './members-attention.js';

export const PUSH_DAILY_CAP = 4;
/** Daily messages wait for the morning (site time). */
export const MORNING_HOUR = 9;
const SETTLE_MS = 10 * 60_000;
const RECENT_MS = 2 * 24 * 3600_000;
const BOARD_NAMES = { '24hour': '24-hour', '7day': '7-day' } as const;

export interface PushEnqueueOptions {
  now: Date;
  tz: string;
}

/** What one pass reads once for every device: boards, event standings, team verdicts. */
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
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

async function queue(p: Pass, s: PushSubscriptionRow, kind: string, period: string, message: PushMessage) {
  const id = await enqueuePush(p.q, {
    subscriptionId: s.id,
    kind,
    period,
    day: p.today,
    message,
    at: p.o.now,
    cap: PUSH_DAILY_CAP,
  });
  return id === null ? 0 : 1;
}

async function staffSummary(p: Pass, s: PushSubscriptionRow): Promise<number> {
  if (s.staffUser === null || !p.morning) return 0;
  const user = await staffRole(p.q, s.staffUser);
  if (!user || (user.role !== 'admin' && user.role !== 'teamadmin')) return 0;
  const tags = user.role === 'admin' ? await trackedTags(p.q) : user.teamTag ? [user.teamTag] : [];
  const counts: Array<[string, number]> = [];
  for (const tag of tags) {
    const n = await p.cache.once(`attention:${tag}`, () => membersNeedingAttention(p.q, tag, p.o.now, p.o.tz));
    if (n > 0) counts.push([tag, n]);
  }
  if (counts.length === 0) return 0;
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  return queue(p, s, 'staff-summary', p.today, {
    title: `${plural(total, 'member')} ${total === 1 ? 'needs' : 'need'} attention`,
    body: counts.map(([tag, n]) => `${tag}: ${n}`).join(' · '),
    path: `/health?tag=${encodeURIComponent(counts[0][0])}`,
  });
}

async function requirementAtRisk(p: Pass, s: PushSubscriptionRow, racer: RacerOnTeam): Promise<number> {
  const weekStart = weekStartOf(p.today);
  if (!s.requirementRisk || !racer.tag || !p.morning || p.today !== addDayKeys(weekStart, 6)) return 0;
  const short = await weeklyShortfall(p.q, racer.tag, racer.userId, p.o.now, p.o.tz);
  if (!short) return 0;
  return queue(p, s, 'requirement', `${racer.tag}:${short.week}`, {
    title: `${racer.tag}'s weekly requirement is at risk`,
    body: `${plural(short.races, 'race')} of ${short.owed} this week: ${plural(short.owed - short.races, 'race')} to go before the week ends at midnight.`,
    path: `/health?tag=${encodeURIComponent(racer.tag)}`,
  });
}

async function eventsEnded(p: Pass, s: PushSubscriptionRow, racer: RacerOnTeam): Promise<number> {
  if (!s.eventEnded) return 0;
  const now = p.o.now.getTime();
  let queued = 0;
  for (const id of await racerRecentEventIds(p.q, racer.userId, new Date(now - SETTLE_MS), new Date(now - RECENT_MS))) {
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
    queued += await queue(p, s, 'event-ended', `${id}:${racer.username}`, {
      title: `${standings.title} has ended`,
      body: `You finished #${rank} of ${standings.order.length} with ${plural(mine.TotalRaces, 'race')}${won}.`,
      path: `/eventviewer?tag=${encodeURIComponent(mine.TeamTag)}&event=${id}`,
    });
  }
  return queued;
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

async function passed(p: Pass, s: PushSubscriptionRow, racer: RacerOnTeam): Promise<number> {
  if (!s.passedBoard) return 0;
  const board = s.passedBoard;
  const name = s.passedScope === 'team' ? racer.tag : racer.username;
  const key = `${s.username ?? ''}|${board}|${s.passedScope}`;
  const order = name ? await boardOrder(p, board, s.passedScope) : [];
  const index = name ? order.indexOf(name) : -1;
  const now = index >= 0 ? index + 1 : null;
  const before = await lastPosition(p.q, s.id, key);
  await keepPosition(p.q, s.id, key, now);
  if (before === null || now === null || now <= before) return 0;
  const ahead = order[index - 1];
  const who = s.passedScope === 'team' ? `${name} is` : 'You are';
  return queue(p, s, 'passed', `${key}|${p.today}|${now}`, {
    title: s.passedScope === 'team' ? `Another team passed ${name}` : 'Someone passed you',
    body: `${who} now #${now} on the ${BOARD_NAMES[board]} board (was #${before}); ${ahead} is just ahead.`,
    path: `/leaderboards?view=${s.passedScope === 'team' ? 'teams' : 'individuals'}&period=${board}`,
  });
}

/** Queues every device's due messages; returns how many were new. */
export async function enqueuePushDue(q: Queryable, o: PushEnqueueOptions): Promise<number> {
  const today = todayKey(o.now, o.tz);
  const morning = o.now.getTime() >= dayStart(today, o.tz).getTime() + MORNING_HOUR * 3600_000;
  const p: Pass = { q, o, today, morning, cache: new PassCache() };
  let queued = 0;
  for (const s of await listSubscriptions(q)) {
    queued += await staffSummary(p, s);
    const racer = s.username ? await p.cache.once(`racer:${s.username}`, () => racerByUsername(q, s.username!)) : null;
    if (!racer) continue;
    queued += await requirementAtRisk(p, s, racer);
    queued += await eventsEnded(p, s, racer);
    queued += await passed(p, s, racer);
  }
  return queued;
}
