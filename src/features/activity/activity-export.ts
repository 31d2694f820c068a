/**
 * The Activity charts' data as export sheets: each racer's races per hour (site-zone hour start,
 * with the Bot column), and the team's races per day and per week. Files
 * activity_{tag}_{hourly|daily|weekly}_{YYYY-MM-DD} (today in the site zone).
 */
import type { HourlyRacesRow, PeriodRacesRow } from '../../../contract/activity';
import { formatInZone } from '../../../rules/site-time';
import { botColumn, numberColumn, textColumn } from '../../lib/export/columns';
import type { ExportSheet } from '../../lib/export/export-table';
import { zoneLabel } from '../../lib/format';

export type ActivityChart = 'hourly' | 'daily' | 'weekly';

export function hourlySheet(rows: HourlyRacesRow[], tz: string): ExportSheet<HourlyRacesRow> {
  return {
    name: 'Races per hour',
    rows,
    columns: [
      textColumn(`Hour (${zoneLabel(tz)})`, (r) => formatInZone(Date.parse(r.hour), tz, 'yyyy-MM-dd HH:mm')),
      textColumn('Display Name', (r) => r.racer),
      textColumn('Username', (r) => r.username),
      numberColumn('Races', (r) => r.races),
      botColumn((r) => r.bot),
    ],
  };
}

export function periodSheet(period: 'daily' | 'weekly', rows: PeriodRacesRow[]): ExportSheet<PeriodRacesRow> {
  return {
    name: period === 'daily' ? 'Daily races' : 'Weekly races',
    rows,
    columns: [
      textColumn(period === 'daily' ? 'Day' : 'Week (from Sunday)', (r) => r.date),
      numberColumn('Races', (r) => r.total_races),
    ],
  };
}

export function activityFileBase(tag: string, chart: ActivityChart, today: string): string {
  return `activity_${tag}_${chart}_${today}`;
}
