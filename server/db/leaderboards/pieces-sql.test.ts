import { describe, expect, it } from 'vitest';
import { racerBoardLinesSql, racerBoardSql, teamBoardSql } from './pieces-sql.js';
import type { Piece } from './window-plan.js';

const day = (first: string, last = first, sign: 1 | -1 = 1): Piece => ({ source: 'daily', sign, first, last });
const raw = (start: string, end: string, sign: 1 | -1 = 1): Piece => ({
  source: 'raw',
  sign,
  start: new Date(start),
  end: new Date(end),
});

describe('board sums SQL', () => {
  it('reads one whole unit added, and the trailing sums, as packed values', () => {
    const params: unknown[] = [];
    const sql = racerBoardSql([day('2026-03-09'), raw('2026-03-10T05:00:00Z', '2026-03-10T05:07:00Z')], params);
    expect(sql).toContain("FROM racer_unit_sums WHERE grain = 'daily' AND unit = $1::date");
    // The raw edge is grouped per racer already: no second grouping, sent row by row.
    expect(sql).not.toMatch(/GROUP BY 1/);
    expect(params).toEqual(['2026-03-09', '2026-03-10T05:00:00.000Z', '2026-03-10T05:07:00.000Z']);

    const trailing = racerBoardSql(
      [{ source: 'trailing', hours: 24, sign: 1, anchor: new Date('2026-03-10T18:00:00Z') }],
      [],
    );
    expect(trailing).toContain(
      'SELECT sums FROM trailing_sums WHERE hours = 24 AND (SELECT anchor FROM trailing_anchor) = $1::timestamptz',
    );
    const week = racerBoardSql(
      [{ source: 'trailing', hours: 168, sign: 1, anchor: new Date('2026-03-10T18:00:00Z') }],
      [],
    );
    expect(week).toContain('SELECT sums FROM trailing_sums WHERE hours = 168 AND');
    expect(week).not.toContain('trailing_totals');
  });

  it('reads subtracted units and ranges of units as rows, grouped without dropping racers packed lines may complete', () => {
    const sql = racerBoardSql(
      [{ source: 'monthly', sign: 1, first: '2026-03-01', last: '2026-03-01' }, day('2026-03-01', '2026-03-02', -1)],
      [],
    );
    expect(sql).toContain("grain = 'monthly'");
    expect(sql).toContain('FROM daily_rollups WHERE day >= $2::date AND day <= $3::date');
    expect(sql).toMatch(/GROUP BY 1\)/);
    expect(sql).not.toContain('HAVING');
    // Without packed values the grouped rows of racers without races are left out here already.
    expect(racerBoardSql([day('2026-03-01', '2026-03-07')], [])).toContain('HAVING sum(races::float8) > 0');
  });

  it('reads running totals as packed values, the subtracted ones as a second column', () => {
    const params: unknown[] = [];
    const sql = racerBoardSql(
      [
        { source: 'running', sign: 1, day: '2026-03-10' },
        { source: 'running', sign: -1, day: '2026-03-03' },
        raw('2026-03-11T05:00:00Z', '2026-03-11T05:07:00Z'),
      ],
      params,
    );
    expect(sql).toContain('(SELECT sums FROM racer_running_sums WHERE day <= $1::date ORDER BY day DESC LIMIT 1)');
    expect(sql).toContain(
      '(SELECT sums FROM racer_running_sums WHERE day <= $2::date ORDER BY day DESC LIMIT 1) AS minus',
    );
    expect(params).toEqual(['2026-03-10', '2026-03-03', '2026-03-11T05:00:00.000Z', '2026-03-11T05:07:00.000Z']);
    // A running piece has no board lines, and no rows for the team board.
    expect(racerBoardLinesSql([{ source: 'running', sign: 1, day: '2026-03-10' }], [])).toBeNull();
    expect(() => teamBoardSql([{ source: 'running', sign: 1, day: '2026-03-10' }], [], { showBots: true })).toThrow(
      /per racer/,
    );
  });

  it('never packs the team board, and groups the per-racer trailing sums into teams', () => {
    expect(teamBoardSql([day('2026-03-09')], [], { showBots: true })).not.toContain('racer_unit_sums');
    const trailing = teamBoardSql(
      [{ source: 'trailing', hours: 168, sign: 1, anchor: new Date('2026-03-10T18:00:00Z') }],
      [],
      { showBots: false },
    );
    expect(trailing).toContain(
      'FROM trailing_totals WHERE hours = 168 AND (SELECT anchor FROM trailing_anchor) = $1::timestamptz AND user_id NOT IN (SELECT user_id FROM bot_flags)',
    );
    expect(trailing).toMatch(/GROUP BY 1 HAVING/);
  });

  it('reads a board of one packed piece as its own lines, and no other plan', () => {
    const params: unknown[] = [];
    expect(racerBoardLinesSql([day('2026-03-09')], params)).toContain(
      "SELECT board FROM racer_unit_sums WHERE grain = 'daily' AND unit = $1::date",
    );
    expect(params).toEqual(['2026-03-09']);
    const anchor = new Date('2026-03-10T18:00:00Z');
    expect(racerBoardLinesSql([{ source: 'trailing', hours: 168, sign: 1, anchor }], [])).toContain(
      'SELECT board FROM trailing_sums WHERE hours = 168',
    );
    const none: unknown[] = [];
    expect(
      racerBoardLinesSql([day('2026-03-09'), raw('2026-03-10T05:00:00Z', '2026-03-10T05:07:00Z')], none),
    ).toBeNull();
    expect(racerBoardLinesSql([day('2026-03-09', '2026-03-10')], none)).toBeNull();
    expect(racerBoardLinesSql([day('2026-03-09', '2026-03-09', -1)], none)).toBeNull();
    expect(racerBoardLinesSql([raw('2026-03-10T05:00:00Z', '2026-03-10T06:00:00Z')], none)).toBeNull();
    expect(none).toEqual([]);
  });
});
