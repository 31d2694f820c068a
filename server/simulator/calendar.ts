/**
 * The simulated community's clock in US Central time: for each UTC hour, the local hour of day,
 * weekday and the starts of the game's daily, weekly, monthly and season boards. Cached, since
 * the simulation asks about every hour many times.
 */
import {
  dayKeyOf,
  dayStart,
  DEFAULT_SITE_TIMEZONE,
  formatInZone,
  monthStartOf,
  weekStartOf,
} from '../../rules/site-time.js';

export const SLOT_MS = 600_000;
export const HOUR_MS = 3_600_000;

export interface HourInfo {
  /** Local hour of day, 0-23. */
  hour: number;
  /** Local weekday, 0 = Sunday. */
  weekday: number;
  /** Local calendar day as days since 1970-01-01. */
  dayNum: number;
  /** Unix seconds of the local day, Sunday-week, month and quarter (season) starts. */
  dayStart: number;
  weekStart: number;
  monthStart: number;
  seasonStart: number;
}

export class CentralCalendar {
  private readonly hours = new Map<number, HourInfo>();
  private readonly dayStarts = new Map<string, number>();

  constructor(private readonly tz: string = DEFAULT_SITE_TIMEZONE) {}

  /** Calendar facts for the UTC hour `hourIdx` (= floor(ms / 3,600,000)). */
  hourInfo(hourIdx: number): HourInfo {
    let info = this.hours.get(hourIdx);
    if (!info) {
      info = this.compute(hourIdx * HOUR_MS);
      this.hours.set(hourIdx, info);
    }
    return info;
  }

  private compute(ms: number): HourInfo {
    const day = dayKeyOf(ms, this.tz);
    const month = Number(day.slice(5, 7));
    const seasonMonth = String(month - ((month - 1) % 3)).padStart(2, '0');
    const dayNum = Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
    return {
      hour: Number(formatInZone(ms, this.tz, 'H')),
      weekday: new Date(`${day}T12:00:00Z`).getUTCDay(),
      dayNum,
      dayStart: this.startOf(day),
      weekStart: this.startOf(weekStartOf(day)),
      monthStart: this.startOf(monthStartOf(day)),
      seasonStart: this.startOf(`${day.slice(0, 4)}-${seasonMonth}-01`),
    };
  }

  private startOf(day: string): number {
    let s = this.dayStarts.get(day);
    if (s === undefined) {
      s = Math.floor(dayStart(day, this.tz).getTime() / 1000);
      this.dayStarts.set(day, s);
    }
    return s;
  }
}
