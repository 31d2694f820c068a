/**
 * A deterministic synthetic racer history for the benchmarks: `count` consecutive 10-minute
 * batches ending at a fixed instant, with plausible races, speeds and accuracy.
 */
import type { BatchColumns } from '../../contract/racers.js';
import type { BatchRow } from '../../server/db/batch-writer.js';
import { Rng } from '../../server/simulator/random.js';

export const SYNTHETIC_END = Date.parse('2026-03-10T18:00:00Z');

export function syntheticBatches(count: number, userId = 9001, tag = 'BENCH'): BatchRow[] {
  const rng = new Rng(count);
  const rnd = () => rng.next();
  const rows: BatchRow[] = [];
  for (let i = 0; i < count; i++) {
    const races = 1 + Math.floor(rnd() * 12);
    const wpm = 70 + rnd() * 50;
    const secs = races * (25 + Math.floor(rnd() * 20));
    const typed = Math.round((wpm * 5 * secs) / 60);
    const errs = Math.floor(typed * (0.005 + rnd() * 0.05));
    rows.push({
      userId,
      tag,
      endTime: new Date(SYNTHETIC_END - (count - 1 - i) * 600_000),
      races,
      lifetimeRaces: races + (rnd() < 0.1 ? 1 : 0),
      typed,
      errs,
      secs,
      displayName: i < count / 2 ? 'Bench Racer' : 'Bench Racer II',
    });
  }
  return rows;
}

/** The same history in the columns shape of GET /api/racer-batches?format=columns. */
export function syntheticColumns(count: number): BatchColumns {
  const rows = syntheticBatches(count);
  return {
    endTime: rows.map((r) => r.endTime.getTime() / 1000),
    name: rows.map((r) => (r.displayName === 'Bench Racer' ? 0 : 1)),
    displayNames: ['Bench Racer', 'Bench Racer II'],
    tag: rows.map(() => 0),
    teamTags: ['BENCH'],
    races: rows.map((r) => r.races),
    lifetimeRaces: rows.map((r) => r.lifetimeRaces),
    typed: rows.map((r) => r.typed),
    errs: rows.map((r) => r.errs),
    secs: rows.map((r) => r.secs),
  };
}
