/**
 * The weekly "members at risk" post of a connected team that chose a weekday for it: queued once
 * per week (its period is the week's Sunday), from 10 minutes into the chosen day, and only when
 * somebody is at risk.
 */
import { dayKeyOf, dayStart } from '../../rules/site-time.js';
import type { Queryable } from '../db/database.js';
import { enqueue, isQueued, type Webhook } from '../db/discord-repo.js';
import { atRiskMembersThisWeek, requirementSettings } from '../db/requirements-repo.js';
import { atRiskMessage } from './at-risk-message.js';

const SETTLE_MS = 10 * 60_000;

export async function queueAtRisk(
  q: Queryable,
  w: Webhook,
  o: { now: Date; tz: string; siteUrl?: string },
): Promise<number> {
  const settings = await requirementSettings(q, w.tag);
  if (settings?.atRiskWeekday === null || settings?.atRiskWeekday === undefined) return 0;
  const today = dayKeyOf(o.now, o.tz);
  if (new Date(`${today}T12:00:00Z`).getUTCDay() !== settings.atRiskWeekday) return 0;
  if (o.now.getTime() < dayStart(today, o.tz).getTime() + SETTLE_MS) return 0;
  const risk = await atRiskMembersThisWeek(q, w.tag, o.now, o.tz);
  if (!risk || risk.requirement === null || risk.members.length === 0) return 0;
  if (await isQueued(q, w.tag, 'at-risk', risk.week)) return 0;
  const payload = atRiskMessage({
    tag: w.tag,
    week: risk.week,
    requirement: risk.requirement,
    daysLeft: risk.daysLeft,
    members: risk.members,
    siteUrl: o.siteUrl,
  });
  return (await enqueue(q, { tag: w.tag, kind: 'at-risk', period: risk.week, payload, at: o.now })) !== null ? 1 : 0;
}
