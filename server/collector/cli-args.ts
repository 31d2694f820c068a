/** Command-line arguments of the collector CLI (cli.ts): parsing, validation and the per-team summary line. */
import { parseArgs } from 'node:util';
import { parseConcurrency, parseTags, REAL_GAME_API_BASE } from '../config.js';
import { MAX_CONCURRENCY } from './pacing.js';
import { isDayKey } from '../../rules/site-time.js';
import type { TeamPollResult } from './poll.js';

export const USAGE = `Usage: npm run collect -- --once [--source URL] [--tags A,B] [--now ISO-8601] [--concurrency N]

  --once        poll every team once and exit (without it: poll every 10 minutes until Ctrl-C)
  --source URL  the game API base (default: GAME_API_BASE, else ${REAL_GAME_API_BASE})
  --tags A,B    teams to poll (default: the tracked teams)
  --now TIME    the snapshot time, ISO 8601 with a zone, e.g. 2026-03-10T18:00:00Z (default: now)
  --delay MS    the longest pause between two requests of one lane in milliseconds (default 3000;
                shorter when many teams must fit the first 40 s of the run, never under 200)
  --concurrency N  requests in flight at once, 1-${MAX_CONCURRENCY} (default: COLLECT_CONCURRENCY, else 4)`;

export interface CliArgs {
  once: boolean;
  source?: string;
  tags?: string[];
  now?: Date;
  delayMs?: number;
  concurrency?: number;
}

export class UsageError extends Error {}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export function parseCliArgs(argv: string[]): CliArgs | 'help' {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        once: { type: 'boolean' },
        source: { type: 'string' },
        tags: { type: 'string' },
        now: { type: 'string' },
        delay: { type: 'string' },
        concurrency: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.help) return 'help';
  const args: CliArgs = { once: values.once === true };
  if (typeof values.source === 'string') {
    let url: URL;
    try {
      url = new URL(values.source);
    } catch {
      throw new UsageError(`--source must be an http(s) URL, got "${values.source}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new UsageError(`--source must be an http(s) URL, got "${values.source}"`);
    args.source = values.source.replace(/\/+$/, '');
  }
  if (typeof values.tags === 'string') {
    const tags = parseTags(values.tags);
    const bad = tags.find((t) => !/^[A-Z0-9]{1,10}$/.test(t));
    if (!tags.length || bad)
      throw new UsageError(
        `--tags must be team tags (letters and digits) separated by commas${bad ? `, got "${bad}"` : ''}`,
      );
    args.tags = [...new Set(tags)];
  }
  if (typeof values.now === 'string') {
    const t = new Date(values.now);
    if (!ISO.test(values.now) || !isDayKey(values.now.slice(0, 10)) || Number.isNaN(t.getTime()))
      throw new UsageError(`--now must be an ISO 8601 time with a zone, got "${values.now}"`);
    args.now = t;
  }
  if (typeof values.delay === 'string') {
    const d = Number(values.delay);
    if (!/^\d+$/.test(values.delay) || d > 60_000)
      throw new UsageError(`--delay must be 0-60000 milliseconds, got "${values.delay}"`);
    args.delayMs = d;
  }
  if (typeof values.concurrency === 'string') {
    const n = parseConcurrency(values.concurrency);
    if (n === undefined)
      throw new UsageError(
        `--concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}, got "${values.concurrency}"`,
      );
    args.concurrency = n;
  }
  return args;
}

export function summaryLine(t: TeamPollResult): string {
  if (!t.ok) return `${t.tag.padEnd(8)} FAILED  ${t.error}${t.attempts > 1 ? ` (${t.attempts} attempts)` : ''}`;
  if (t.stale) return `${t.tag.padEnd(8)} skipped (a later poll is already stored)`;
  return `${t.tag.padEnd(8)} ok      members=${t.members} batches=${t.batches} new=${t.firstSightings} joined=${t.joined} left=${t.left} resets=${t.resets}${t.skipped ? ` skipped=${t.skipped}` : ''}`;
}
