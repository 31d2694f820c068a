/**
 * GET /api/roster-health?tag (each current member against the team's requirements) and
 * GET /api/membership-log?tag (dated joins, leaves, rejoins and display-name changes of a team).
 */
import { z } from 'zod';
import { GameStatus, TagQuery, errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';

/** No race for the team for this many site-zone days (or never) marks a member as inactive. */
export const INACTIVE_DAYS = 7;

/** Why a member needs a captain's attention (an empty list: all is well). */
export const AttentionReason = z.enum([
  'banned',
  'warned',
  'never-raced',
  'inactive',
  'below-min-races',
  'below-min-speed',
  'missed-weekly',
]);
export type AttentionReason = z.infer<typeof AttentionReason>;

/**
 * One current member. LastRace is the end of the member's last batch with races for this team
 * (`YYYY-MM-DD HH:MM:SS`, site zone) and DaysSinceLastRace the site-zone calendar days from that
 * day to today (0: today); both null when the member never raced for the team. RacesThisWeek sums
 * this team's races from Sunday to today, RacesLastWeek the whole previous Sunday-to-Saturday
 * week. Each Meets… is null when the team sets no such requirement (null or 0) or the counter is
 * unknown (no snapshot yet): MeetsMinRaces compares LifetimeRaces with min_races, MeetsMinSpeed
 * AvgWPM with min_speed, MeetsWeekly RacesLastWeek (the last complete week, JudgedWeek) with
 * OwedLastWeek, the weekly requirement pro rata by the day the member joined (null when nothing
 * was owed: no requirement, or joined after that week). OwedThisWeek is this week's share and
 * AtRisk whether RacesThisWeek is still below it. Strikes counts the member's strikes that still
 * count (docs/product.md "Weekly requirement and strikes").
 */
export const RosterHealthRow = z.object({
  UserID: z.number(),
  Username: z.string(),
  CurrentDisplayName: z.string(),
  Joined: z.string().nullable(),
  LastRace: z.string().nullable(),
  DaysSinceLastRace: z.number().nullable(),
  RacesThisWeek: z.number(),
  RacesLastWeek: z.number(),
  LifetimeRaces: z.number().nullable(),
  AvgWPM: z.number().nullable(),
  MeetsMinRaces: z.boolean().nullable(),
  MeetsMinSpeed: z.boolean().nullable(),
  MeetsWeekly: z.boolean().nullable(),
  OwedLastWeek: z.number().nullable(),
  OwedThisWeek: z.number().nullable(),
  AtRisk: z.boolean().nullable(),
  Strikes: z.number().int(),
  GameStatus,
  bot: z.union([z.literal(0), z.literal(1)]),
  Attention: z.array(AttentionReason),
});
export type RosterHealthRow = z.infer<typeof RosterHealthRow>;

/**
 * The team's requirements (null: none set; WeeklyRequirement is the staff's override when set,
 * else the game's) and the weeks counted, then members Joined ascending.
 */
export const RosterHealthResponse = z.object({
  Tag: z.string(),
  MinRaces: z.number().nullable(),
  MinSpeed: z.number().nullable(),
  WeeklyRequirement: z.number().nullable(),
  /** Sunday (YYYY-MM-DD) of the current site-zone week; the previous week starts 7 days before. */
  WeekStart: z.string(),
  /** Sunday (YYYY-MM-DD) of the last complete week: the week MeetsWeekly judges. */
  JudgedWeek: z.string(),
  /** How many weeks a strike counts after the week it judges (the team's choice, 1-52). */
  StrikeWeeks: z.number().int(),
  Today: z.string(),
  members: z.array(RosterHealthRow),
});
export type RosterHealthResponse = z.infer<typeof RosterHealthResponse>;

export const MembershipEventKind = z.enum(['join', 'rejoin', 'leave', 'name']);
export type MembershipEventKind = z.infer<typeof MembershipEventKind>;

/**
 * One dated change. At is `YYYY-MM-DD HH:MM:SS` in the site zone: the game's join stamp (else
 * when the collector first saw the member) for a join or rejoin (a join after an earlier
 * membership of the same team), when the collector found the member gone for a leave, and the
 * end of the first batch showing the new name for a name change (From/To; null otherwise).
 */
export const MembershipEvent = z.object({
  At: z.string(),
  Kind: MembershipEventKind,
  UserID: z.number(),
  Username: z.string(),
  CurrentDisplayName: z.string(),
  From: z.string().nullable(),
  To: z.string().nullable(),
});
export type MembershipEvent = z.infer<typeof MembershipEvent>;

/** Newest first (ties: leave, name, rejoin, join, then Username). Unknown tag: 404. */
export const MembershipLogResponse = z.array(MembershipEvent);
export type MembershipLogResponse = z.infer<typeof MembershipLogResponse>;

export const rosterHealth = endpoint({
  method: 'GET',
  path: '/api/roster-health',
  cache: 'minute',
  query: TagQuery,
  ok: RosterHealthResponse,
  errors: errorAnswers(404),
  tags: ['roster'],
  summary: "Each current member's last race, weekly races and requirement checks",
});

export const membershipLog = endpoint({
  method: 'GET',
  path: '/api/membership-log',
  cache: 'data',
  query: TagQuery,
  ok: MembershipLogResponse,
  errors: errorAnswers(404),
  tags: ['roster'],
  summary: "A team's dated joins, rejoins, leaves and display-name changes",
});
