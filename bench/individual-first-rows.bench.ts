/**
 * First rows of the individual board on a phone: its first page as the server ranks it (7 days, 50
 * rows), timed like the team board (first-rows.bench.ts). Targets: cold within 1.2× the same rows
 * as a static page, warm ≤ 0.4 s.
 */
import { measureFirstRows } from './first-rows.bench.js';

export default function individualFirstRowsBench(log: (line: string) => void): Promise<string> {
  return measureFirstRows(log, {
    title: '## First rows on a phone: the individual board',
    path: '/leaderboards?view=individuals&period=7day',
    described: '`/leaderboards?view=individuals&period=7day`, the first page ranked by the server',
    coldTarget: { ratio: 1.2 },
  });
}
