/**
 * The Discord messages, built from plain numbers: an event's standings, a team's top racers of a
 * day, and the test message. Names are escaped (no markdown, no mentions: `allowed_mentions` is
 * empty as well; no bidi controls); links to the site's screens appear only when SITE_URL is set.
 */
import { stripBidiControls } from '../../rules/text-safety.js';

export interface DiscordEmbed {
  title: string;
  url?: string;
  description: string;
  color: number;
  footer?: { text: string };
}

export interface DiscordPayload {
  username: string;
  embeds: DiscordEmbed[];
  allowed_mentions: { parse: [] };
}

/** One racer's line: totals already aggregated (WPM and accuracy null when nothing was raced). */
export interface StandingRow {
  username: string;
  displayName: string | null;
  races: number;
  wpm: number | null;
  accuracy: number | null;
  points: number;
}

export const TOP_LINES = 10;
const GREEN = 0x2e7d32;
const BLUE = 0x1e63b8;
const GREY = 0x546e7a;
const MEDALS = ['🥇', '🥈', '🥉'];

/**
 * Discord markdown and mentions made inert, bidi controls dropped (a name stored before the
 * collector stripped them must not reverse the rest of its line).
 */
export function escapeMarkdown(s: string): string {
  return stripBidiControls(s)
    .replace(/([\\*_~`|>#[\]()-])/g, '\\$1')
    .replace(/@/g, '@\u200b');
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');

export function statLine(r: StandingRow): string {
  const parts = [`${int(r.races)} races`];
  if (r.wpm != null) parts.push(`${r.wpm.toFixed(1)} WPM`);
  if (r.accuracy != null) parts.push(`${(r.accuracy * 100).toFixed(1)}%`);
  parts.push(`${int(r.points)} pts`);
  return parts.join(' · ');
}

function racerLine(r: StandingRow, i: number, siteUrl: string | undefined): string {
  const name = escapeMarkdown(r.displayName || r.username);
  const shown = siteUrl ? `[${name}](${siteUrl}/racers/${encodeURIComponent(r.username)})` : `**${name}**`;
  return `${MEDALS[i] ?? `${i + 1}.`} ${shown} · ${statLine(r)}`;
}

function payload(embed: DiscordEmbed): DiscordPayload {
  return { username: 'NT Team Stats', embeds: [embed], allowed_mentions: { parse: [] } };
}

export function eventStandingsMessage(o: {
  eventId: number;
  title: string;
  tag: string;
  final: boolean;
  /** Sorted best first. */
  rows: StandingRow[];
  sortedBy: string;
  asOf: string;
  siteUrl?: string;
}): DiscordPayload {
  const lines = o.rows.slice(0, TOP_LINES).map((r, i) => racerLine(r, i, o.siteUrl));
  const more = o.rows.length > TOP_LINES ? `\n…and ${o.rows.length - TOP_LINES} more` : '';
  return payload({
    title: `${o.final ? 'Final standings' : 'Standings so far'}: ${o.title}`,
    ...(o.siteUrl ? { url: `${o.siteUrl}/eventviewer?tag=${encodeURIComponent(o.tag)}&event=${o.eventId}` } : {}),
    description: lines.length ? `${lines.join('\n')}${more}` : 'Nobody has raced in this event yet.',
    color: o.final ? GREEN : BLUE,
    footer: { text: `${o.rows.length} racers · by ${o.sortedBy} · ${o.final ? 'ended' : 'as of'} ${o.asOf} CT` },
  });
}

export function dailyTopMessage(o: {
  tag: string;
  day: string;
  rows: StandingRow[];
  siteUrl?: string;
}): DiscordPayload {
  const lines = o.rows.slice(0, TOP_LINES).map((r, i) => racerLine(r, i, o.siteUrl));
  const races = o.rows.reduce((s, r) => s + r.races, 0);
  return payload({
    title: `${o.tag} top racers of ${o.day}`,
    ...(o.siteUrl ? { url: `${o.siteUrl}/activity?tag=${encodeURIComponent(o.tag)}` } : {}),
    description: lines.length ? lines.join('\n') : 'Nobody raced that day.',
    color: BLUE,
    footer: { text: `${o.rows.length} racers · ${int(races)} races · by points` },
  });
}

export function testMessage(o: { tag: string; by: string; siteUrl?: string }): DiscordPayload {
  return payload({
    title: `NT Team Stats is connected to ${o.tag}`,
    ...(o.siteUrl ? { url: `${o.siteUrl}/roster?tag=${encodeURIComponent(o.tag)}` } : {}),
    description: `Test message sent by ${escapeMarkdown(o.by)}. Event standings and daily top racers will be posted here as chosen on the team admin screen.`,
    color: GREY,
  });
}

export function memberLogMessage(o: {
  tag: string;
  day: string;
  changes: Array<{ username: string; displayName: string; joined: boolean }>;
  siteUrl?: string;
}): DiscordPayload {
  const name = (c: { username: string; displayName: string }) => {
    const shown = escapeMarkdown(c.displayName);
    return o.siteUrl ? `[${shown}](${o.siteUrl}/racers/${encodeURIComponent(c.username)})` : shown;
  };
  const joined = o.changes.filter((c) => c.joined);
  const left = o.changes.filter((c) => !c.joined);
  const lines = [
    joined.length ? `**Joined (${joined.length}):** ${joined.map(name).join(', ')}` : '',
    left.length ? `**Left (${left.length}):** ${left.map(name).join(', ')}` : '',
  ].filter(Boolean);
  return payload({
    title: `${o.tag} members on ${o.day}`,
    ...(o.siteUrl ? { url: `${o.siteUrl}/roster?tag=${encodeURIComponent(o.tag)}` } : {}),
    description: lines.join('\n').slice(0, 4000),
    color: GREY,
  });
}

const PERIOD_WORDS = { day: 'day', week: 'week', month: 'month' } as const;

/** A team's racer won a closed day, week or month of the Hall of Fame. */
export function hallOfFameMessage(o: {
  tag: string;
  kind: 'day' | 'week' | 'month';
  start: string;
  end: string;
  racer: StandingRow;
  /** The team won the team title of the same period too. */
  teamWon: boolean;
  siteUrl?: string;
}): DiscordPayload {
  const when = o.start === o.end ? o.start : `${o.start} to ${o.end}`;
  const lines = [`🏆 ${racerLine(o.racer, 0, o.siteUrl).replace(/^🥇 /, '')}`];
  if (o.teamWon) lines.push(`${escapeMarkdown(o.tag)} is the team of the ${PERIOD_WORDS[o.kind]} too.`);
  return payload({
    title: `Racer of the ${PERIOD_WORDS[o.kind]} (${when}) is on ${o.tag}`,
    ...(o.siteUrl ? { url: `${o.siteUrl}/halloffame?period=${o.kind}` } : {}),
    description: lines.join('\n'),
    color: GREEN,
    footer: { text: 'Hall of Fame · by points, flagged racers left out' },
  });
}
