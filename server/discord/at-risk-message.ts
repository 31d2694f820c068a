/** The weekly "members at risk" post: who is still below what they owe this week, with their races so far. */
import { escapeMarkdown, type DiscordPayload } from './embeds.js';

const AMBER = 0xb26a00;
export const AT_RISK_LINES = 25;

export function atRiskMessage(o: {
  tag: string;
  /** The week's Sunday, YYYY-MM-DD. */
  week: string;
  requirement: number;
  daysLeft: number;
  members: Array<{ username: string; displayName: string; owed: number; races: number }>;
  siteUrl?: string;
}): DiscordPayload {
  const name = (m: { username: string; displayName: string }) => {
    const shown = escapeMarkdown(m.displayName);
    return o.siteUrl ? `[${shown}](${o.siteUrl}/racers/${encodeURIComponent(m.username)})` : shown;
  };
  const sorted = [...o.members].sort(
    (a, b) => b.owed - b.races - (a.owed - a.races) || a.username.localeCompare(b.username),
  );
  const lines = sorted
    .slice(0, AT_RISK_LINES)
    .map((m) => `${name(m)}: ${m.races.toLocaleString('en-US')} of ${m.owed.toLocaleString('en-US')} races`);
  if (sorted.length > AT_RISK_LINES) lines.push(`…and ${sorted.length - AT_RISK_LINES} more`);
  const days = o.daysLeft === 1 ? '1 day' : `${o.daysLeft} days`;
  return {
    username: 'NT Team Stats',
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: `${o.tag}: ${sorted.length} ${sorted.length === 1 ? 'member' : 'members'} at risk this week`,
        ...(o.siteUrl ? { url: `${o.siteUrl}/health?tag=${encodeURIComponent(o.tag)}` } : {}),
        description: lines.join('\n').slice(0, 4000),
        color: AMBER,
        footer: {
          text: `Week of ${o.week}: ${o.requirement.toLocaleString('en-US')} races a week, pro rata for new members; ${days} left`,
        },
      },
    ],
  };
}
