import { describe, expect, it } from 'vitest';
import { periodWindow } from '../../../rules/periods';
import { boardHeading, dayLabel, monthLabel, pickerLabel, rangeLabel, weekLabel } from './period-labels';

const TZ = 'America/Chicago';

describe('period labels', () => {
  it('names days, weeks and months of the site calendar', () => {
    expect(dayLabel('2026-03-10')).toBe('Tue, Mar 10, 2026');
    expect(dayLabel('2026-03-10', '2026-03-10')).toBe('Today (Tue, Mar 10)');
    expect(weekLabel('2026-03-08')).toBe('Mar 8 – Mar 14, 2026');
    expect(weekLabel('2025-12-28')).toBe('Dec 28, 2025 – Jan 3, 2026');
    expect(monthLabel('2026-02-01')).toBe('February 2026');
    expect(rangeLabel('2026-03-04', '2026-03-10')).toBe('Mar 4 – Mar 10, 2026');
    expect(pickerLabel('monthly', '2025-12-01', '2026-03-10')).toBe('December 2025');
  });

  it('heads a rolling window with its site-zone times', () => {
    const now = new Date('2026-03-10T18:07:30Z');
    const w = periodWindow({ period: '24hour' }, now, TZ);
    expect(boardHeading({ period: '24hour' }, w, TZ)).toEqual({
      title: 'Last 24 hours',
      detail: 'Mar 9, 1:07 PM – Mar 10, 1:07 PM CT',
    });
    const week = { period: 'weekly', week: '2026-03-08' } as const;
    expect(boardHeading(week, periodWindow(week, now, TZ), TZ)).toEqual({
      title: 'Weekly',
      detail: 'Mar 8 – Mar 14, 2026',
    });
  });
});
