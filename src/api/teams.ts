/**
 * A team's data, each keyed under `['teams', tag, …]`: info card, roster, health and membership
 * log, events list, activity (stats, hourly/daily/weekly races), trackers' participants and custom
 * squad names; plus the list of tracked teams. A factory given no tag skips its query
 * (`skipToken`): the team screens render without a team chosen.
 */
import { queryOptions, skipToken } from '@tanstack/react-query';
import { call } from './client';
import { routes } from './routes';
import { keys, type TrackerView } from './keys';

type Tag = string | undefined;

/** GET /api/team-tags: every tracked team's tag, for the team dropdown. */
export const teamTagsQueryOptions = () =>
  queryOptions({
    queryKey: keys.teamTags,
    queryFn: () => call(routes.teamTags),
    staleTime: 5 * 60_000,
  });

/** GET /api/team-info?tag: the info card's fields, or the server's error ("Team X is not tracked"). */
export const teamInfoQueryOptions = (tag: Tag) =>
  queryOptions({
    queryKey: keys.teamInfo(tag ?? ''),
    queryFn: tag ? () => call(routes.teamInfo, { query: { tag } }) : skipToken,
    staleTime: 5 * 60_000,
  });

/** GET /api/current-display-names?tag: the roster with squads (also the squads board's members). */
export const rosterQueryOptions = (tag: Tag) =>
  queryOptions({
    queryKey: keys.roster(tag ?? ''),
    queryFn: tag ? () => call(routes.teamRoster, { query: { tag } }) : skipToken,
  });

/** GET /api/roster-health?tag. */
export const rosterHealthQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: keys.health(tag),
    queryFn: () => call(routes.rosterHealth, { query: { tag } }),
  });

/** GET /api/membership-log?tag. */
export const membershipLogQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: keys.membershipLog(tag),
    queryFn: () => call(routes.membershipLog, { query: { tag } }),
  });

/** GET /api/requirement-strikes?tag: the team's strike history. */
export const strikeHistoryQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: keys.strikes(tag),
    queryFn: () => call(routes.requirementStrikes, { query: { tag } }),
  });

/** GET /api/team-events?tag: the events a team takes part in, latest first (also /teams/admin's list). */
export const teamEventsQueryOptions = (tag: Tag) =>
  queryOptions({
    queryKey: keys.teamEvents(tag ?? ''),
    queryFn: tag ? () => call(routes.teamEvents, { query: { tag } }) : skipToken,
  });

/** GET /api/team-stats?tag&showbot: the Activity screen's stat cards (flagged racers shown or not). */
export const teamStatsQueryOptions = (tag: string, showBots = false) =>
  queryOptions({
    queryKey: keys.teamStats(tag, showBots),
    queryFn: () => call(routes.teamStats, { query: { tag, showbot: showBots ? 'TRUE' : 'FALSE' } }),
  });

/** GET /api/hourly-races?tag. */
export const hourlyRacesQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: keys.races(tag, 'hourly'),
    queryFn: () => call(routes.hourlyRaces, { query: { tag } }),
  });

export type RacesPeriod = 'daily' | 'weekly';

/** GET /api/daily-races?tag or /api/weekly-races?tag. */
export const periodRacesQueryOptions = (tag: string, period: RacesPeriod) =>
  queryOptions({
    queryKey: keys.races(tag, period),
    queryFn: () =>
      period === 'daily' ? call(routes.dailyRaces, { query: { tag } }) : call(routes.weeklyRaces, { query: { tag } }),
  });

/** GET /api/daily-participants?tag&date or /api/weekly-participants?tag&week: the Trackers tables. */
export const participantsQueryOptions = (tag: Tag, view: TrackerView, period: string) =>
  queryOptions({
    queryKey: keys.participants(tag ?? '', view, period),
    queryFn: !tag
      ? skipToken
      : view === 'daily'
        ? () => call(routes.dailyParticipants, { query: { tag, date: period } })
        : () => call(routes.weeklyParticipants, { query: { tag, week: period } }),
  });

/** GET /api/squad-names?tag: the custom names the squads board shows (also for empty squads). */
export const squadNamesQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: keys.squadNames(tag),
    queryFn: () => call(routes.squadNames, { query: { tag } }),
  });
