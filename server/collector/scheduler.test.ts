import { describe, expect, it } from 'vitest';
import { nextRunTime } from './scheduler.js';

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
