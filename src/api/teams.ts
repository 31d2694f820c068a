/**
 * A team's data, each keyed under `['teams', tag, …]`: info card, roster, health and membership
 * log, events list, activity (stats, hourly/daily/weekly races), trackers' participants and custom
 * squad names; plus the list of tracked teams. A factory given no tag skips its query
 * (`skipToken`): the team screens render without a team chosen.
 */
import { queryOptions, skipToken } from '@tanstack/react-query';
import type { HourlyRacesRow, PeriodRacesRow, TeamStatsResponse } from '../../contract/activity';
import type { TeamEventsResponse } from '../../contract/events';
import type { CurrentDisplayNamesResponse } from '../../contract/roster';
import type { MembershipLogResponse, RosterHealthResponse } from '../../contract/roster-health';
import type { SquadNamesResponse } from '../../contract/staff';
import type { TeamInfo, TeamTagsResponse } from '../../contract/teams';
import type { ParticipantsResponse } from '../../contract/trackers';
import { apiGet } from './client';
import { keys, type TrackerView } from './keys';

type Tag = string | undefined;

/** GET /api/team-tags: every tracked team's tag, for the team dropdown. */
export const teamTagsQueryOptions = () =>
  queryOptions({
    queryKey: keys.teamTags,
    queryFn: () => apiGet<TeamTagsResponse>('/api/team-tags'),
    staleTime: 5 * 60_000,
  });

/** GET /api/team-info?tag: the info card's fields, or the server's error ("Team X is not tracked"). */
export const teamInfoQueryOptions = (tag: Tag) =>
  queryOptions({
    queryKey: keys.teamInfo(tag ?? ''),
    queryFn: tag ? () => apiGet<TeamInfo>('/api/team-info', { tag }) : skipToken,
    staleTime: 5 * 60_000,
  });

/** GET /api/current-display-names?tag: the roster with squads (also the squads board's members). */
export const rosterQueryOptions = (tag: Tag) =>
  queryOptions({
    queryKey: keys.roster(tag ?? ''),
    queryFn: tag ? () => apiGet<CurrentDisplayNamesResponse>('/api/current-display-names', { tag }) : skipToken,
  });

/** GET /api/roster-health?tag. */
export const rosterHealthQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: keys.health(tag),
    queryFn: () => apiGet<RosterHealthResponse>('/api/roster-health', { tag }),
  });

/** GET /api/membership-log?tag. */
export const membershipLogQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: keys.membershipLog(tag),
    queryFn: () => apiGet<MembershipLogResponse>('/api/membership-log', { tag }),
  });

/** GET /api/team-events?tag: the events a team takes part in, latest first (also /teams/admin's list). */
export const teamEventsQueryOptions = (tag: Tag) =>
  queryOptions({
    queryKey: keys.teamEvents(tag ?? ''),
    queryFn: tag ? () => apiGet<TeamEventsResponse>('/api/team-events', { tag }) : skipToken,
  });

/** GET /api/team-stats?tag: the Activity screen's stat cards. */
export const teamStatsQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: keys.teamStats(tag),
    queryFn: () => apiGet<TeamStatsResponse>('/api/team-stats', { tag }),
  });

/** GET /api/hourly-races?tag. */
export const hourlyRacesQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: keys.races(tag, 'hourly'),
    queryFn: () => apiGet<HourlyRacesRow[]>('/api/hourly-races', { tag }),
  });

export type RacesPeriod = 'daily' | 'weekly';

/** GET /api/daily-races?tag or /api/weekly-races?tag. */
export const periodRacesQueryOptions = (tag: string, period: RacesPeriod) =>
  queryOptions({
    queryKey: keys.races(tag, period),
    queryFn: () => apiGet<PeriodRacesRow[]>(`/api/${period}-races`, { tag }),
  });

/** GET /api/daily-participants?tag&date or /api/weekly-participants?tag&week: the Trackers tables. */
export const participantsQueryOptions = (tag: Tag, view: TrackerView, period: string) =>
  queryOptions({
    queryKey: keys.participants(tag ?? '', view, period),
    queryFn: !tag
      ? skipToken
      : view === 'daily'
        ? () => apiGet<ParticipantsResponse>('/api/daily-participants', { tag, date: period })
        : () => apiGet<ParticipantsResponse>('/api/weekly-participants', { tag, week: period }),
  });

/** GET /api/squad-names?tag: the custom names the squads board shows (also for empty squads). */
export const squadNamesQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: keys.squadNames(tag),
    queryFn: () => apiGet<SquadNamesResponse>('/api/squad-names', { tag }),
  });
