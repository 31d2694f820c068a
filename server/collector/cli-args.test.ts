import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { parseCliArgs, summaryLine, UsageError } from './cli-args.js';

describe('parseCliArgs', () => {
  it('reads --once, --source, --tags, --now, --delay and --concurrency', () => {
    expect(
      parseCliArgs([
        '--once',
        '--source',
        'http://127.0.0.1:4100/api/v2/',
        '--tags',
        'abc, DEF,abc',
        '--now',
        '2026-03-10T18:00:00Z',
        '--delay',
        '0',
        '--concurrency',
        '8',
      ]),
    ).toEqual({
      once: true,
      source: 'http://127.0.0.1:4100/api/v2',
      tags: ['ABC', 'DEF'],
      now: new Date('2026-03-10T18:00:00Z'),
      delayMs: 0,
      concurrency: 8,
    });
    expect(parseCliArgs(['--once', '--now', '2026-03-10T13:00:00-05:00'])).toEqual({
      once: true,
      now: new Date('2026-03-10T18:00:00Z'),
    });
    expect(parseCliArgs([])).toEqual({ once: false });
    expect(parseCliArgs(['-h'])).toBe('help');
  });

  it.each([
    [['--bogus'], /Unknown option/],
    [['--once', 'extra'], /positional/],
    [['--once', '--now', 'yesterday'], /--now must be/],
    [['--once', '--now', '2026-03-10 18:00'], /--now must be/],
    [['--once', '--now', '2026-02-30T18:00:00Z'], /--now must be/],
    [['--once', '--tags', 'AB;C'], /--tags must be/],
    [['--once', '--tags', ','], /--tags must be/],
    [['--once', '--concurrency', '0'], /--concurrency must be/],
    [['--once', '--concurrency', '17'], /--concurrency must be/],
    [['--once', '--concurrency', '2.5'], /--concurrency must be/],
    [['--once', '--source', 'ftp://example.com'], /--source must be/],
    [['--once', '--source', 'not a url'], /--source must be/],
    [['--once', '--delay=-5'], /--delay must be/],
    [['--once', '--delay', '1.5'], /--delay must be/],
    [['--once', '--now'], /argument missing/],
  ])('rejects %j', (args, message) => {
    expect(() => parseCliArgs(args)).toThrow(UsageError);
    expect(() => parseCliArgs(args)).toThrow(message);
  });
});

describe('summaryLine', () => {
  it('says what a team poll did', () => {
    const fetchedAt = new Date('2026-03-10T18:00:05Z');
    expect(
      summaryLine({
        tag: 'ABC',
        ok: true,
        attempts: 1,
        stale: false,
        fetchedAt,
        members: 30,
        batches: 7,
        firstSightings: 1,
        resets: 0,
        joined: 1,
        left: 2,
        skipped: 0,
      }),
    ).toBe('ABC      ok      members=30 batches=7 new=1 joined=1 left=2 resets=0');
    expect(
      summaryLine({
        tag: 'ABC',
        ok: true,
        attempts: 1,
        stale: false,
        fetchedAt,
        members: 30,
        batches: 7,
        firstSightings: 1,
        resets: 0,
        joined: 1,
        left: 2,
        skipped: 1,
      }),
    ).toBe('ABC      ok      members=30 batches=7 new=1 joined=1 left=2 resets=0 skipped=1');
    expect(summaryLine({ tag: 'ABC', ok: false, attempts: 4, httpStatus: 429, error: 'rate limited: HTTP 429' })).toBe(
      'ABC      FAILED  rate limited: HTTP 429 (4 attempts)',
    );
  });
});

describe('COLLECT_CONCURRENCY', () => {
  it('defaults to 4 lanes and reads 1-16', () => {
    expect(loadConfig({}).collectConcurrency).toBe(4);
    expect(loadConfig({ COLLECT_CONCURRENCY: '1' }).collectConcurrency).toBe(1);
    expect(loadConfig({ COLLECT_CONCURRENCY: '16' }).collectConcurrency).toBe(16);
  });
  it.each(['0', '17', 'four', '-2'])('refuses %j with a message naming the setting', (value) => {
    expect(() => loadConfig({ COLLECT_CONCURRENCY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ COLLECT_CONCURRENCY: value })).toThrow(/COLLECT_CONCURRENCY must be/);
  });
});
