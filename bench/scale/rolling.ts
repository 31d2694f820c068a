/**
 * The rolling team boards (24 hours, 7 days) read two ways in the same run, each a median of
 * direct repository calls taking turns: as every other window (days past the edges less the
 * overshoot read as hours, `splitWindow` without rolling totals) and from the rolling totals
 * (the boards' own plan). The baseline for what migration 210 changed, on the same machine.
 */
import type { Database } from '../../server/db/database.js';
import { teamLeaderboardJson } from '../../server/db/leaderboards/leaderboard-repo.js';
import { splitWindow } from '../../rules/window-split.js';
import { BENCH_NOW } from '../leaderboards/dataset.js';
import { benchWindows, startSeries, summarize, time } from '../leaderboards/measure.js';
import { SCALE_TZ } from './database.js';
import { RUNS } from './reads.js';

export interface RollingTiming {
  label: string;
  daysAndHours: number;
  rolling: number;
}

export async function measureRolling(db: Database, log: (s: string) => void): Promise<RollingTiming[]> {
  const out: RollingTiming[] = [];
  for (const { label, window } of benchWindows(SCALE_TZ).filter(
    (w) => w.label.endsWith(' day') || w.label.endsWith(' hour'),
  )) {
    const opts = { tz: SCALE_TZ, now: BENCH_NOW, showBots: false };
    const pieces = splitWindow(window, SCALE_TZ, { subtract: true, now: BENCH_NOW });
    const before = () => teamLeaderboardJson(db, window, { ...opts, pieces });
    const after = () => teamLeaderboardJson(db, window, opts);
    await startSeries(async () => (await before(), after()));
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      b.push(await time(before));
      a.push(await time(after));
    }
    const r = { label: `${label} (team)`, daysAndHours: summarize(b).median, rolling: summarize(a).median };
    log(
      `  ${r.label} direct: days and hours ${r.daysAndHours.toFixed(1)} ms, rolling totals ${r.rolling.toFixed(1)} ms`,
    );
    out.push(r);
  }
  return out;
}
