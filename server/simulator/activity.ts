/**
 * When simulated racers race: a US Central hour-of-day curve (quiet at night, peak in the
 * evening), shifted by each racer's own time zone, busier at weekends; bots race round the clock.
 */
import type { HourInfo } from './calendar.js';

/** Relative activity by local hour of day (0-23) for a human racer. */
const HOUR_CURVE = [
  0.22, 0.1, 0.05, 0.03, 0.03, 0.04, 0.08, 0.14, 0.2, 0.25, 0.3, 0.34, 0.4, 0.4, 0.44, 0.55, 0.65, 0.72, 0.82, 0.93,
  1.0, 0.95, 0.72, 0.45,
];

/** Per-hour chance a bot is running. */
export const BOT_ONLINE = 0.93;

export interface ActivityProfile {
  isBot: boolean;
  /** Hours between the racer's own clock and US Central (e.g. +1 on the East Coast). */
  hourShift: number;
  /** How much of their peak hours the racer spends racing (0.03 casual to 1.6 grinder). */
  engagement: number;
  /** Extra activity at weekends. */
  weekendBoost: number;
}

function isWeekend(info: HourInfo): boolean {
  return info.weekday === 0 || info.weekday === 6 || (info.weekday === 5 && info.hour >= 17);
}

/** Chance the racer races during this hour, given whether they raced the hour before. */
export function onlineChance(p: ActivityProfile, info: HourInfo, dayFactor: number, wasOnline: boolean): number {
  if (p.isBot) return BOT_ONLINE;
  const local = (((info.hour + p.hourShift) % 24) + 24) % 24;
  const w = HOUR_CURVE[local] * (isWeekend(info) ? p.weekendBoost : 1);
  return Math.min(0.95, w * p.engagement * dayFactor * (wasOnline ? 1.4 : 0.75));
}

/** A rough count of races on an active day, for seeding counters from before the history starts. */
export function expectedDailyRaces(p: ActivityProfile, pace: number, slotActive: number): number {
  if (p.isBot) return 24 * BOT_ONLINE * 6 * slotActive * pace;
  let hours = 0;
  for (const w of HOUR_CURVE) hours += Math.min(0.95, w * p.engagement);
  return hours * 6 * slotActive * pace;
}

const CURVE_MEAN = HOUR_CURVE.reduce((a, b) => a + b, 0) / 24;

/** The community's activity this hour relative to its daily average (joins and leaves follow it). */
export function communityActivity(info: HourInfo): number {
  return HOUR_CURVE[info.hour] / CURVE_MEAN;
}
