/**
 * The Hall of Fame post: once a site day, week (Sunday to Saturday) or month has closed (from 10
 * minutes after the next day began, as the daily top), a team whose racer won it gets one message
 * naming the title, and the team's own title when it won that too. Queued once per team and period
 * (the outbox's unique key), so a restart or a second pass never posts it twice.
 */
import { addDayKeys, dayStart, todayKey } from '../../rules/site-time.js';
import type { Queryable } from '../db/database.js';
import { enqueue, isQueued, type Webhook } from '../db/discord-repo.js';
import { periodWinners, type HallPeriodWinners } from '../db/hall-of-fame/hall-of-fame-repo.js';
import { hallOfFameMessage } from './embeds.js';

const SETTLE_MS = 10 * 60_000;
export const HALL_OF_FAME_KIND = 'hall-of-fame';

/** The periods that closed when today began: yesterday, and the week and month it ended. */
function justClosed(today: string): Array<{ kind: HallPeriodWinners['kind']; start: string }> {
  const yesterday = addDayKeys(today, -1);
  const out: Array<{ kind: HallPeriodWinners['kind']; start: string }> = [{ kind: 'day', start: yesterday }];
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  if (weekday === 0) out.push({ kind: 'week', start: addDayKeys(today, -7) });
  if (today.endsWith('-01')) out.push({ kind: 'month', start: `${yesterday.slice(0, 8)}01` });
  return out;
}

export async function queueHallOfFame(
  q: Queryable,
  w: Webhook,
  o: { now: Date; tz: string; siteUrl?: string },
): Promise<number> {
  const today = todayKey(o.now, o.tz);
  if (o.now.getTime() < dayStart(today, o.tz).getTime() + SETTLE_MS) return 0;
  let queued = 0;
  for (const closed of justClosed(today)) {
    const period = `${closed.kind}:${closed.start}`;
    if (await isQueued(q, w.tag, HALL_OF_FAME_KIND, period)) continue;
    const winners = await periodWinners(q, closed.kind, closed.start);
    if (!winners.racer || winners.racer.TeamTag !== w.tag) continue;
    const payload = hallOfFameMessage({
      tag: w.tag,
      kind: closed.kind,
      start: winners.start,
      end: winners.end,
      racer: {
        username: winners.racer.Username,
        displayName: winners.racer.CurrentDisplayName,
        races: winners.racer.Races,
        wpm: winners.racer.WPM,
        accuracy: winners.racer.Accuracy,
        points: winners.racer.Points,
      },
      teamWon: winners.team?.TeamTag === w.tag,
      siteUrl: o.siteUrl,
    });
    if ((await enqueue(q, { tag: w.tag, kind: HALL_OF_FAME_KIND, period, payload, at: o.now })) !== null) queued++;
  }
  return queued;
}
