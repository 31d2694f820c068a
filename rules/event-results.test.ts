import { describe, expect, it } from 'vitest';
import { participants, squadSummary, teamSummary, type RacerTeamTotals } from './event-results.js';
import type { PayToPlaySettings } from './winnings.js';

const noPay: PayToPlaySettings = {
  MinRaces: null,
  QualifyingRaces: null,
  RaceIncrement: null,
  PayoutIncrement: null,
  Cap: null,
  AccBonus96: null,
  AccBonus98: null,
};
const row = (p: Partial<RacerTeamTotals> & Pick<RacerTeamTotals, 'userId' | 'tag'>): RacerTeamTotals => ({
  races: 1,
  typed: 500,
  errs: 0,
  secs: 60,
  points: 150,
  lastAt: new Date('2026-03-02T19:00:00Z'),
  username: `u${p.userId}`,
  displayName: null,
  squad: null,
  squadName: null,
  bot: false,
  ...p,
});

describe('event results', () => {
  it('takes team and squad from the latest activity; a tie goes to the team listed first', () => {
    const rows = [
      row({ userId: 1, tag: 'B', squad: 'Fig', lastAt: new Date('2026-03-02T19:00:00Z') }),
      row({ userId: 1, tag: 'A', squad: 'Mango', squadName: 'Mangos', lastAt: new Date('2026-03-02T19:00:00Z') }),
    ];
    const [p] = participants(rows, ['A', 'B'], noPay);
    expect(p).toMatchObject({ TeamTag: 'A', Squad: 'Mango', SquadName: 'Mangos', TotalRaces: 2, Points: 300 });
    expect(participants(rows, ['B', 'A'], noPay)[0]).toMatchObject({ TeamTag: 'B', Squad: 'Fig', SquadName: null });
  });

  it('orders participants by races, then username', () => {
    const out = participants(
      [
        row({ userId: 2, tag: 'A', username: 'zed' }),
        row({ userId: 3, tag: 'A', username: 'amy' }),
        row({ userId: 4, tag: 'A', races: 5 }),
      ],
      ['A'],
      noPay,
    );
    expect(out.map((p) => p.Username)).toEqual(['u4', 'amy', 'zed']);
  });

  it('orders squads by team, then board order, Unassigned last, and gives Unassigned no custom name', () => {
    const out = squadSummary(
      [
        row({ userId: 1, tag: 'B', squad: null, squadName: 'ignored' }),
        row({ userId: 2, tag: 'B', squad: 'Peach' }),
        row({ userId: 3, tag: 'A', squad: 'Grape' }),
        row({ userId: 4, tag: 'B', squad: 'Avocado', squadName: 'Greens' }),
      ],
      ['A', 'B'],
    );
    expect(out.map((s) => [s.Tag, s.Squad, s.SquadName])).toEqual([
      ['A', 'Grape', null],
      ['B', 'Avocado', 'Greens'],
      ['B', 'Peach', null],
      ['B', '', null],
    ]);
  });

  it('ignores rows of teams outside the event in the team summary', () => {
    expect(teamSummary([row({ userId: 1, tag: 'X' })], ['A'])).toEqual([
      { Tag: 'A', Races: 0, WPM: null, Accuracy: null, Points: 0 },
    ]);
  });
});
