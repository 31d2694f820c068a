/**
 * The load bench's visitor: the addresses a crowd of visitors asks for, with the weights of the
 * performance issue (boards 55 %, racer pages 10 %, rosters 10 %, team stats 10 %, hourly races
 * 10 %, racer info 5 %), spread over every team, racer and board window the app offers.
 */
import {
  apiTimes,
  dailyChoices,
  monthlyChoices,
  periodWindow,
  previousWindow,
  weeklyChoices,
  type PeriodSelection,
} from '../../rules/periods.js';
import { dayKeyOf } from '../../rules/site-time.js';

export interface Mix {
  /** Address groups and their share of the requests. */
  groups: Array<{ name: string; share: number; paths: string[] }>;
}

/** Every board selection of the period picker: rolling windows, each day, week and month offered. */
function selections(now: Date, tz: string): PeriodSelection[] {
  const today = dayKeyOf(now, tz);
  const out: PeriodSelection[] = [{ period: '24hour' }, { period: '7day' }];
  for (const day of dailyChoices(today)) out.push({ period: 'daily', day });
  for (const week of weeklyChoices(today)) out.push({ period: 'weekly', week });
  for (const month of monthlyChoices(today)) out.push({ period: 'monthly', month });
  return out;
}

export function visitorMix(now: Date, tz: string, tags: string[], usernames: string[]): Mix {
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const boards: string[] = [];
  for (const sel of selections(now, tz)) {
    // A board page asks for its window and the previous one (rank change).
    for (const w of [periodWindow(sel, now, tz), previousWindow(sel, now, tz)]) {
      boards.push(`/api/team-leaderboard?${q({ ...apiTimes(w, tz) })}`);
      boards.push(`/api/individual-leaderboard?${q({ ...apiTimes(w, tz) })}`);
    }
  }
  const byTag = (path: string) => tags.map((tag) => `${path}?${q({ tag })}`);
  return {
    groups: [
      { name: 'boards', share: 0.55, paths: boards },
      {
        name: 'racer pages',
        share: 0.1,
        paths: usernames.map((username) => `/api/racer-batches?${q({ username, format: 'columns' })}`),
      },
      { name: 'rosters', share: 0.1, paths: byTag('/api/current-display-names') },
      { name: 'team stats', share: 0.1, paths: byTag('/api/team-stats') },
      { name: 'hourly races', share: 0.1, paths: byTag('/api/hourly-races') },
      { name: 'racer info', share: 0.05, paths: usernames.map((username) => `/api/racer-info?${q({ username })}`) },
    ],
  };
}

/** A deterministic stream of addresses drawn from the mix (mulberry32, seeded). */
export function pathPicker(mix: Mix, seed = 17): () => string {
  let s = seed >>> 0;
  const random = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => {
    let r = random();
    for (const g of mix.groups) {
      if (r < g.share || g === mix.groups[mix.groups.length - 1]) return g.paths[Math.floor(random() * g.paths.length)];
      r -= g.share;
    }
    throw new Error('empty mix');
  };
}
