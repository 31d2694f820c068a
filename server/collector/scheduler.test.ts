import { describe, expect, it } from 'vitest';
import { missedRuns, nextRunTime, slotEnd } from './scheduler.js';

const TEN = 600_000;
const t = (iso: string) => new Date(iso);

describe('nextRunTime', () => {
  it('plans the next 10-minute boundary plus the offset', () => {
    expect(nextRunTime(t('2026-03-10T18:07:12Z'), TEN, 5_000)).toEqual(t('2026-03-10T18:10:05Z'));
  });
  it('still runs for the boundary just passed when inside the offset', () => {
    expect(nextRunTime(t('2026-03-10T18:10:03Z'), TEN, 5_000)).toEqual(t('2026-03-10T18:10:05Z'));
  });
  it('never plans the instant it is asked at (a run just started there)', () => {
    expect(nextRunTime(t('2026-03-10T18:10:05Z'), TEN, 5_000)).toEqual(t('2026-03-10T18:20:05Z'));
    expect(nextRunTime(t('2026-03-10T18:20:00Z'), TEN, 0)).toEqual(t('2026-03-10T18:30:00Z'));
  });
  it('crosses the hour and the day', () => {
    expect(nextRunTime(t('2026-03-10T23:59:59Z'), TEN, 5_000)).toEqual(t('2026-03-11T00:00:05Z'));
  });
});

describe('slotEnd', () => {
  it('is the boundary after the run’s planned time: the deadline of its requests', () => {
    expect(slotEnd(t('2026-03-10T18:10:05Z'), TEN)).toEqual(t('2026-03-10T18:20:00Z'));
    expect(slotEnd(t('2026-03-10T18:19:59Z'), TEN)).toEqual(t('2026-03-10T18:20:00Z'));
    expect(slotEnd(t('2026-03-10T23:50:05Z'), TEN)).toEqual(t('2026-03-11T00:00:00Z'));
  });
});

describe('missedRuns', () => {
  it('is empty when the next run follows the last one', () => {
    expect(missedRuns(t('2026-03-10T18:10:05Z'), t('2026-03-10T18:20:05Z'), TEN)).toEqual([]);
  });
  it('lists the run times a late run or a sleeping machine skipped', () => {
    expect(missedRuns(t('2026-03-10T18:10:05Z'), t('2026-03-10T18:40:05Z'), TEN)).toEqual([
      t('2026-03-10T18:20:05Z'),
      t('2026-03-10T18:30:05Z'),
    ]);
  });
});
