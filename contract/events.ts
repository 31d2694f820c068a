/**
 * GET /api/team-events, /api/event-participants/{id}, /api/event-squad-summary/{id} and
 * /api/event-team-summary/{id}: the read side of events (docs/product.md §3 Event, Participant, Squad
 * summary, Team summary). The admin write schemas reuse `Event`.
 *
 * Times: StartTime and EndTime are `YYYY-MM-DD HH:MM:SS` wall-clock times in the site time zone
 * (CT by default), as docs/product.md §7 says for API datetimes; they sort as text.
 *
 * Window: an event counts the 10-minute batches with StartTime < batch end time <= EndTime (the
 * batch ending at T holds the races of the 10 minutes before T; see rules/event-window.ts),
 * of the event's teams only: a racer who changed team counts only while on one of them.
 */
import { z } from 'zod';
import { TagQuery, errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';

export const EventStatus = z.enum(['Pending', 'Active', 'Concluded']);
export type EventStatus = z.infer<typeof EventStatus>;

export const DefaultSort = z.enum(['Races', 'WPM', 'Accuracy', 'Points']);
export type DefaultSort = z.infer<typeof DefaultSort>;

/** Pay-to-play settings; null where not set (an event without them pays nothing). */
export const PayToPlaySettings = z.object({
  MinRaces: z.number().nullable(),
  QualifyingRaces: z.number().nullable(),
  RaceIncrement: z.number().nullable(),
  PayoutIncrement: z.number().nullable(),
  Cap: z.number().nullable(),
  AccBonus96: z.number().nullable(),
  AccBonus98: z.number().nullable(),
});
export type PayToPlaySettings = z.infer<typeof PayToPlaySettings>;

export const Event = z.object({
  EventID: z.number().int(),
  Title: z.string(),
  Description: z.string(),
  /** From the times and the server's clock when the answer was made. */
  Status: EventStatus,
  StartTime: z.string(),
  EndTime: z.string(),
  /** The event's teams, space-separated in the order they were entered. */
  TeamTag: z.string(),
  DefaultSort: DefaultSort,
  /**
   * The owner team: its teamadmins edit the event, set pay-to-play and delete it; the other teams'
   * teamadmins only mark their own racers' payouts. The creator's team (an admin chooses).
   */
  OwnerTag: z.string(),
  ...PayToPlaySettings.shape,
  /** Whether flagged racers earn winnings; off by default (docs/product.md "Flagged racers and winnings"). */
  PayFlagged: z.boolean(),
});
export type Event = z.infer<typeof Event>;

export const TeamEventsQuery = TagQuery;
/** The events a team takes part in, latest StartTime first (ties: higher EventID first). */
export const TeamEventsResponse = z.array(Event);
export type TeamEventsResponse = z.infer<typeof TeamEventsResponse>;

/** `{eventId}` path parameter: digits only (anything else is a 400). */
export const EventIdParams = z.object({
  eventId: z
    .string()
    .regex(/^\d{1,12}$/, 'event id must be a number')
    .transform(Number),
});

export const Participant = z.object({
  CurrentDisplayName: z.string().nullable(),
  Username: z.string(),
  /** The event team of the racer's latest batch in the event. */
  TeamTag: z.string(),
  /** The racer's squad in TeamTag; '' means Unassigned. */
  Squad: z.string(),
  /** The team's custom name for that squad, null when none. */
  SquadName: z.string().nullable(),
  TotalRaces: z.number().int(),
  /** null when no time was raced. */
  WPM: z.number().nullable(),
  /** Fraction 0-1; null when nothing was typed. */
  Accuracy: z.number().nullable(),
  Points: z.number(),
  /** 1 when flagged as a bot. */
  bot: z.union([z.literal(0), z.literal(1)]),
  /**
   * Pay-to-play winnings in dollars; null when blank (docs/product.md §5), when the event pays
   * nothing, or when the racer is flagged and the event does not pay flagged racers.
   */
  Winnings: z.number().nullable(),
  /** What a flagged racer would have won had the event paid flagged racers; null otherwise. */
  Withheld: z.number().nullable(),
});
export type Participant = z.infer<typeof Participant>;

/** Participants ordered by TotalRaces descending, then Username. */
export const EventParticipantsResponse = z.object({ participants: z.array(Participant) });
export type EventParticipantsResponse = z.infer<typeof EventParticipantsResponse>;

/** One squad of one team: squads belong to a team, so an event of two teams has two Avocados. */
export const SquadSummaryRow = z.object({
  Tag: z.string(),
  /** '' is the team's Unassigned members. */
  Squad: z.string(),
  SquadName: z.string().nullable(),
  sum: z.number().int(),
  WPM: z.number().nullable(),
  Accuracy: z.number().nullable(),
  Points: z.number(),
});
export type SquadSummaryRow = z.infer<typeof SquadSummaryRow>;
export const EventSquadSummaryResponse = z.array(SquadSummaryRow);
export type EventSquadSummaryResponse = z.infer<typeof EventSquadSummaryResponse>;

/** Every team of the event, in event order, with zero races when it raced nothing. */
export const TeamSummaryRow = z.object({
  Tag: z.string(),
  Races: z.number().int(),
  WPM: z.number().nullable(),
  Accuracy: z.number().nullable(),
  Points: z.number(),
});
export type TeamSummaryRow = z.infer<typeof TeamSummaryRow>;
export const EventTeamSummaryResponse = z.array(TeamSummaryRow);
export type EventTeamSummaryResponse = z.infer<typeof EventTeamSummaryResponse>;

export const teamEvents = endpoint({
  method: 'GET',
  path: '/api/team-events',
  cache: 'minute',
  query: TeamEventsQuery,
  ok: TeamEventsResponse,
  errors: errorAnswers(400),
  tags: ['events'],
});

export const eventParticipants = endpoint({
  method: 'GET',
  path: '/api/event-participants/:eventId',
  cache: 'data',
  params: EventIdParams,
  ok: EventParticipantsResponse,
  errors: errorAnswers(400, 404),
  tags: ['events'],
});

export const eventSquadSummary = endpoint({
  method: 'GET',
  path: '/api/event-squad-summary/:eventId',
  cache: 'data',
  params: EventIdParams,
  ok: EventSquadSummaryResponse,
  errors: errorAnswers(400, 404),
  tags: ['events'],
});

export const eventTeamSummary = endpoint({
  method: 'GET',
  path: '/api/event-team-summary/:eventId',
  cache: 'data',
  params: EventIdParams,
  ok: EventTeamSummaryResponse,
  errors: errorAnswers(400, 404),
  tags: ['events'],
});
