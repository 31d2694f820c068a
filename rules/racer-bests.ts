/**
 * Personal bests and lifetime-race milestones of one racer, from their per-day sums (site-zone
 * days, oldest first) and their fastest batch. Pure: the numbers follow stats.ts; a tie keeps the
 * earlier record (the day it was first reached).
 */
import { BEST_ACCURACY_MIN_RACES, type Milestone, type PersonalBest } from '../contract/racer-pages.js';
import { addDayKeys, weekStartOf, type DayKey } from './site-time.js';
import { accuracy, addTotals, wpm, zeroTotals, type Totals } from './stats.js';

/** One site-zone day of a racer, all teams added up. */
export interface DaySums extends Totals {
  day: DayKey;
  /** Lifetime races in the day. */
  lifetime: number;
}

function best(kind: PersonalBest['kind'], at: string, from: DayKey, to: DayKey, t: Totals): PersonalBest {
  return { kind, at, from, to, races: t.races, wpm: wpm(t.typed, t.secs), accuracy: accuracy(t.typed, t.errs) };
}

/** Most races in a day, in a Sunday week, and the best accuracy of a day with 50+ races. */
export function dayBests(days: readonly DaySums[]): PersonalBest[] {
  let topDay: DaySums | null = null;
  let accDay: DaySums | null = null;
  let accValue = -Infinity;
  const weeks = new Map<DayKey, Totals>();
  for (const d of days) {
    if (d.races > 0 && (!topDay || d.races > topDay.races)) topDay = d;
    const a = accuracy(d.typed, d.errs);
    if (d.races >= BEST_ACCURACY_MIN_RACES && a !== null && a > accValue) {
      accDay = d;
      accValue = a;
    }
    const week = weekStartOf(d.day);
    weeks.set(week, addTotals(weeks.get(week) ?? zeroTotals(), d));
  }
  let topWeek: [DayKey, Totals] | null = null;
  for (const w of [...weeks].sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    if (w[1].races > 0 && (!topWeek || w[1].races > topWeek[1].races)) topWeek = w;
  }
  const out: PersonalBest[] = [];
  if (topDay) out.push(best('most-races-day', topDay.day, topDay.day, topDay.day, topDay));
  if (topWeek) out.push(best('most-races-week', topWeek[0], topWeek[0], addDayKeys(topWeek[0], 6), topWeek[1]));
  if (accDay) out.push(best('best-accuracy-day', accDay.day, accDay.day, accDay.day, accDay));
  return out;
}

/** The fastest batch as a best: `endTime` is its site-zone end time, `day` its site-zone day. */
export function fastestBatchBest(batch: Totals & { endTime: string; day: DayKey }): PersonalBest {
  return best('fastest-batch', batch.endTime, batch.day, batch.day, batch);
}

/** 1,000, 5,000, 10,000, 25,000, 50,000, 100,000, 250,000, 500,000, 1,000,000, 2,500,000 ... */
export function milestoneAfter(races: number): number {
  if (races < 1000) return 1000;
  if (races < 5000) return 5000;
  for (let p = 10_000; ; p *= 10) {
    for (const m of [p, 2.5 * p, 5 * p]) if (races < m) return m;
  }
}

/**
 * The milestones a racer's lifetime counter has passed and the day of each: the counter at the end
 * of a day is the latest counter minus the lifetime races of the days after it; a milestone already
 * reached before the first recorded day gets no day.
 */
export function milestonesPassed(lifetimeNow: number, days: readonly DaySums[]): Milestone[] {
  const recorded = days.reduce((n, d) => n + d.lifetime, 0);
  let counter = lifetimeNow - recorded;
  const out: Milestone[] = [];
  let next = milestoneAfter(0);
  while (next <= counter) {
    out.push({ races: next, day: null });
    next = milestoneAfter(next);
  }
  for (const d of days) {
    counter += d.lifetime;
    while (next <= counter) {
      out.push({ races: next, day: d.day });
      next = milestoneAfter(next);
    }
  }
  return out;
}
