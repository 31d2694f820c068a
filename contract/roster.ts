/**
 * GET /api/current-display-names?tag (the team roster, also read by the squads board) and
 * GET /api/member-data-latest (every current member of every tracked team).
 */
import { z } from 'zod';
import { GameStatus, TagQuery } from './common.js';
import { endpoint } from './endpoint.js';

/** How far back "races in the last 7 days" looks: now minus 168 hours to now, both ends included. */
export const RECENT_RACES_HOURS = 168;

/**
 * One current member of a team (docs/product.md §3 "Member / roster row"). Counters come from the member's
 * latest snapshot and are null before the first one; Joined is `YYYY-MM-DD HH:MM:SS` in the site
 * time zone. Beyond the spec: RacesLast7Days (races for this team with a batch end time from
 * now − 168 h to now) and the weekly-requirement verdict, the same as the Health view's: for the
 * last complete week (RequirementWeek, its Sunday), RacesRequirementWeek ≥ WeeklyOwed (the
 * requirement pro rata by join day); null when nothing was owed (no requirement, joined after it).
 */
export const RosterMember = z.object({
  UserID: z.number(),
  Username: z.string(),
  /** The display name, or the username when the racer has none. */
  CurrentDisplayName: z.string(),
  Tag: z.string(),
  Role: z.string().nullable(),
  /** Squad key (Avocado … Peach); '' means Unassigned. */
  squad: z.string(),
  /** The team's custom name for that squad, null when none is set. */
  SquadName: z.string().nullable(),
  Joined: z.string().nullable(),
  TeamRaces: z.number().nullable(),
  LifetimeRaces: z.number().nullable(),
  AvgWPM: z.number().nullable(),
  TopWPM: z.number().nullable(),
  bot: z.union([z.literal(0), z.literal(1)]),
  /** The game's 'banned' or 'warned' for the account, null in good standing. */
  GameStatus,
  RacesLast7Days: z.number(),
  RequirementWeek: z.string(),
  RacesRequirementWeek: z.number(),
  WeeklyOwed: z.number().nullable(),
  MeetsWeeklyRequirement: z.boolean().nullable(),
});
export type RosterMember = z.infer<typeof RosterMember>;

/** Members ordered by Joined ascending (unknown join dates last), then Username. Unknown tag: []. */
export const CurrentDisplayNamesResponse = z.array(RosterMember);
export type CurrentDisplayNamesResponse = z.infer<typeof CurrentDisplayNamesResponse>;

/**
 * The latest snapshot of one current member of a tracked team. SnapshotAt is when that snapshot
 * was taken (`YYYY-MM-DD HH:MM:SS`, site zone); counters are null when no snapshot exists yet.
 */
export const MemberLatest = z.object({
  UserID: z.number(),
  Username: z.string(),
  CurrentDisplayName: z.string(),
  TeamTag: z.string(),
  Role: z.string().nullable(),
  Joined: z.string().nullable(),
  TeamRaces: z.number().nullable(),
  LifetimeRaces: z.number().nullable(),
  AvgWPM: z.number().nullable(),
  TopWPM: z.number().nullable(),
  SnapshotAt: z.string().nullable(),
  bot: z.union([z.literal(0), z.literal(1)]),
  GameStatus,
});
export type MemberLatest = z.infer<typeof MemberLatest>;

/** Ordered by TeamTag, then CurrentDisplayName (case-insensitive), then UserID. */
export const MemberDataLatestResponse = z.array(MemberLatest);
export type MemberDataLatestResponse = z.infer<typeof MemberDataLatestResponse>;

/** GET /api/current-display-names?tag. */
export const teamRoster = endpoint({
  method: 'GET',
  path: '/api/current-display-names',
  cache: 'minute',
  query: TagQuery,
  ok: CurrentDisplayNamesResponse,
  tags: ['roster'],
});

/** GET /api/member-data-latest. */
export const latestMembers = endpoint({
  method: 'GET',
  path: '/api/member-data-latest',
  cache: 'data',
  ok: MemberDataLatestResponse,
  tags: ['roster'],
});
