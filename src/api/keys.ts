/**
 * Every query key of the app, one hierarchy: a team's data under `['teams', tag, …]`, an event's
 * under `['events', id, …]`, boards under `['leaderboards', kind, params]`, a racer's under
 * `['racers', username, …]`. A write refreshes what it changed by a key prefix (`./refresh.ts`).
 * Staff-only answers sit under `['staff', …]`: the persisted cache keeps them only while someone
 * is logged in and every way a session ends drops them (lib/session-end.ts).
 */
import type { BoardWindow } from './leaderboard-window';

export type RacesPeriod = 'hourly' | 'daily' | 'weekly';
export type TrackerView = 'daily' | 'weekly';
export type BoardKind = 'team' | 'individual';

export interface BoardParams {
  window: BoardWindow;
  showbot: 'TRUE' | 'FALSE' | null;
  tz: string;
}

export interface CompareSelection {
  a: string;
  b: string;
  from: string;
  to: string;
}

const team = (tag: string) => ['teams', tag] as const;
const event = (eventId: number) => ['events', eventId] as const;
const racer = (username: string) => ['racers', username] as const;

export const keys = {
  me: ['me'] as const,
  site: ['site'] as const,
  teamTags: ['team-tags'] as const,
  /** GET /api/all-usernames. */
  usernames: ['usernames'] as const,
  /** GET /api/member-data-latest. */
  members: ['members'] as const,

  teams: ['teams'] as const,
  team,
  teamInfo: (tag: string) => [...team(tag), 'info'] as const,
  roster: (tag: string) => [...team(tag), 'roster'] as const,
  health: (tag: string) => [...team(tag), 'health'] as const,
  membershipLog: (tag: string) => [...team(tag), 'membership-log'] as const,
  strikes: (tag: string) => [...team(tag), 'strikes'] as const,
  teamEvents: (tag: string) => [...team(tag), 'events'] as const,
  teamStats: (tag: string, showBots = false) => [...team(tag), 'stats', showBots ? 'bots' : 'nobots'] as const,
  races: (tag: string, period: RacesPeriod) => [...team(tag), 'races', period] as const,
  participants: (tag: string, view: TrackerView, period: string) =>
    [...team(tag), 'participants', view, period] as const,
  squadNames: (tag: string) => [...team(tag), 'squad-names'] as const,

  events: ['events'] as const,
  event,
  eventParticipants: (eventId: number) => [...event(eventId), 'participants'] as const,
  squadSummary: (eventId: number) => [...event(eventId), 'squad-summary'] as const,
  teamSummary: (eventId: number) => [...event(eventId), 'team-summary'] as const,
  payouts: (eventId: number) => [...event(eventId), 'payouts'] as const,

  leaderboards: ['leaderboards'] as const,
  /** A rolling window's params name the window, not its minute (leaderboard-window.ts). */
  leaderboard: (kind: BoardKind, params: BoardParams) =>
    ['leaderboards', kind, { ...params.window, showbot: params.showbot, tz: params.tz }] as const,
  /** One page of the individual board: its window (as above), sort, direction, page and filters. */
  leaderboardPage: (params: Record<string, unknown>) => ['leaderboards', 'individual', params] as const,
  /** A racer's standing on the individual board (GET /api/individual-leaderboard/rank). */
  leaderboardStanding: (params: Record<string, unknown>) => ['leaderboards', 'standing', params] as const,

  /** GET /api/hall-of-fame: one page of one kind of period. */
  hallOfFame: (period: string, page: number) => ['hall-of-fame', period, page] as const,
  /** GET /api/free-agents. */
  freeAgents: ['free-agents'] as const,

  racer,
  racerInfo: (username: string) => [...racer(username), 'info'] as const,
  racerBatches: (username: string) => [...racer(username), 'batches'] as const,
  racerBests: (username: string) => [...racer(username), 'bests'] as const,
  racerAwards: (username: string) => [...racer(username), 'awards'] as const,
  compare: (s: CompareSelection) => ['compare', { a: s.a, b: s.b, from: s.from, to: s.to }] as const,

  staff: ['staff'] as const,
  myTeamTag: ['staff', 'my-team-tag'] as const,
  users: ['staff', 'users'] as const,
  botFlags: ['staff', 'bot-flags'] as const,
  trackedTeams: ['staff', 'tracked-teams'] as const,
  auditLog: ['staff', 'audit-log'] as const,
  discord: (tag: string) => ['staff', 'teams', tag, 'discord'] as const,
  requirementSettings: (tag: string) => ['staff', 'teams', tag, 'requirement-settings'] as const,
};
