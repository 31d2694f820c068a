import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  eventParticipantsQueryOptions,
  payoutsQueryOptions,
  squadSummaryQueryOptions,
  teamSummaryQueryOptions,
} from './events';
import { keys } from './keys';
import { racerBoardPageQueryOptions, teamLeaderboardQueryOptions } from './leaderboards';
import { racerBatchesQueryOptions, racerInfoQueryOptions } from './racers';
import { eventTeams, refreshAfterBotFlag, refreshEvents, refreshSquads } from './refresh';
import { botFlagsQueryOptions, discordQueryOptions, usersQueryOptions } from './staff';
import {
  participantsQueryOptions,
  rosterHealthQueryOptions,
  rosterQueryOptions,
  squadNamesQueryOptions,
  teamEventsQueryOptions,
  teamInfoQueryOptions,
} from './teams';

type Key = readonly unknown[];

/** A client holding `keys` as fresh data; `stale(key)` tells whether a refresh invalidated it. */
function seeded(keys: Key[]) {
  const qc = new QueryClient();
  for (const key of keys) qc.setQueryData(key, []);
  return { qc, stale: (key: Key) => qc.getQueryState(key)?.isInvalidated ?? false };
}

const board = { window: { start_time: 'a', end_time: 'b' }, tz: 'America/Chicago' };

describe('eventTeams', () => {
  it('joins the team on screen with the event teams before and after, once each', () => {
    expect(eventTeams('AAA')).toEqual(['AAA']);
    expect(eventTeams('AAA', 'AAA BBB', 'AAA  CCC')).toEqual(['AAA', 'BBB', 'CCC']);
    expect(eventTeams('AAA', null, undefined, '')).toEqual(['AAA']);
  });
});

describe('refreshEvents', () => {
  it('refreshes the events lists of the touched teams and every event page', async () => {
    const touched = [
      teamEventsQueryOptions('AAA').queryKey,
      teamEventsQueryOptions('BBB').queryKey,
      eventParticipantsQueryOptions(7).queryKey,
      squadSummaryQueryOptions(7).queryKey,
      teamSummaryQueryOptions(3).queryKey,
      payoutsQueryOptions(3).queryKey,
    ];
    const untouched = [
      teamEventsQueryOptions('CCC').queryKey,
      rosterQueryOptions('AAA').queryKey,
      teamLeaderboardQueryOptions(board).queryKey,
    ];
    const { qc, stale } = seeded([...touched, ...untouched]);
    await refreshEvents(qc, ['AAA', 'BBB']);
    expect(touched.filter((k) => !stale(k))).toEqual([]);
    expect(untouched.filter(stale)).toEqual([]);
  });
});

describe('refreshSquads', () => {
  it("refreshes the team's roster (the squads board's too) and squad names and every event, not other teams", async () => {
    const touched = [
      rosterQueryOptions('AAA').queryKey,
      squadNamesQueryOptions('AAA').queryKey,
      squadSummaryQueryOptions(7).queryKey,
      eventParticipantsQueryOptions(7).queryKey,
    ];
    const untouched = [
      rosterQueryOptions('BBB').queryKey,
      squadNamesQueryOptions('BBB').queryKey,
      teamEventsQueryOptions('AAA').queryKey,
      teamInfoQueryOptions('AAA').queryKey,
    ];
    const { qc, stale } = seeded([...touched, ...untouched]);
    await refreshSquads(qc, 'AAA');
    expect(touched.filter((k) => !stale(k))).toEqual([]);
    expect(untouched.filter(stale)).toEqual([]);
  });
});

describe('refreshAfterBotFlag', () => {
  it('refreshes the roster, health, boards, participant lists, events and the admin list of flags', async () => {
    const touched = [
      rosterQueryOptions('AAA').queryKey,
      rosterHealthQueryOptions('AAA').queryKey,
      teamLeaderboardQueryOptions({ ...board, showbot: 'TRUE' }).queryKey,
      racerBoardPageQueryOptions({ ...board, page: 1, sort: 'Points', dir: 'desc', showbot: 'FALSE' }).queryKey,
      participantsQueryOptions('AAA', 'daily', '2025-01-01').queryKey,
      participantsQueryOptions('BBB', 'weekly', '2025-01-05').queryKey,
      eventParticipantsQueryOptions(2).queryKey,
      payoutsQueryOptions(2).queryKey,
      botFlagsQueryOptions().queryKey,
      racerInfoQueryOptions('speedy').queryKey,
    ];
    const untouched = [
      rosterQueryOptions('BBB').queryKey,
      teamInfoQueryOptions('AAA').queryKey,
      teamEventsQueryOptions('AAA').queryKey,
      usersQueryOptions().queryKey,
      discordQueryOptions('AAA').queryKey,
      racerInfoQueryOptions('other').queryKey,
      racerBatchesQueryOptions('speedy').queryKey,
    ];
    const { qc, stale } = seeded([...touched, ...untouched]);
    await refreshAfterBotFlag(qc, 'AAA', 'speedy');
    expect(touched.filter((k) => !stale(k))).toEqual([]);
    expect(untouched.filter(stale)).toEqual([]);
  });

  it('leaves every roster alone for a racer without a team', async () => {
    const { qc, stale } = seeded([keys.roster('AAA'), keys.racerInfo('loner')]);
    await refreshAfterBotFlag(qc, null, 'loner');
    expect(stale(keys.roster('AAA'))).toBe(false);
    expect(stale(keys.racerInfo('loner'))).toBe(true);
  });
});

describe('query keys', () => {
  it('keep staff-only answers under staff, public ones outside it', () => {
    for (const k of [usersQueryOptions(), botFlagsQueryOptions(), discordQueryOptions('AAA')]) {
      expect(k.queryKey[0]).toBe('staff');
    }
    expect(keys.myTeamTag[0]).toBe('staff');
    for (const k of [rosterQueryOptions('AAA'), teamEventsQueryOptions('AAA'), squadNamesQueryOptions('AAA')]) {
      expect(k.queryKey[0]).not.toBe('staff');
    }
  });
});
