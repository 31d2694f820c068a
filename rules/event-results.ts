/**
 * Turns an event's per racer and team totals into its three tables: participants (one row per
 * racer, over all the event's teams they raced for), squad summary (per team and squad) and team
 * summary (per team). All three add up to the same races and points.
 */
import type { Participant, SquadSummaryRow, TeamSummaryRow } from '../contract/events.js';
import { SQUADS } from '../contract/squads.js';
import { addTotals, windowStats, zeroTotals, type Totals } from './stats.js';
import { winnings, type PayToPlaySettings } from './winnings.js';

/** A racer's summed counters on one team inside the event window, with squad and racer details. */
export interface RacerTeamTotals extends Totals {
  userId: number;
  tag: string;
  /** When this racer last raced on this team in the window (batch end, rollup hour or day start). */
  lastAt: Date;
  username: string;
  displayName: string | null;
  /** The racer's squad in `tag`; null when Unassigned. */
  squad: string | null;
  /** The team's custom name for that squad. */
  squadName: string | null;
  bot: boolean;
}

/**
 * One row per racer. TeamTag, Squad and SquadName are those of the team of the racer's latest
 * activity in the event (ties: the team listed first in the event). A flagged racer is no payee
 * unless the event pays flagged racers: Winnings null, the formula's amount in Withheld; everyone
 * else's winnings are the formula's, whatever the flagged racers race (docs/product.md §9).
 */
export function participants(
  rows: RacerTeamTotals[],
  eventTags: string[],
  pay: PayToPlaySettings & { PayFlagged?: boolean },
): Participant[] {
  const order = (tag: string) => eventTags.indexOf(tag);
  const byRacer = new Map<number, { totals: Totals; latest: RacerTeamTotals }>();
  for (const r of rows) {
    const cur = byRacer.get(r.userId);
    if (!cur) {
      const totals = zeroTotals();
      addTotals(totals, r);
      byRacer.set(r.userId, { totals, latest: r });
      continue;
    }
    addTotals(cur.totals, r);
    const later = r.lastAt.getTime() - cur.latest.lastAt.getTime();
    if (later > 0 || (later === 0 && order(r.tag) < order(cur.latest.tag))) cur.latest = r;
  }
  const out = [...byRacer.values()].map(({ totals, latest }): Participant => {
    const s = windowStats(totals);
    const won = winnings(pay, s.races, s.accuracy);
    const withheld = latest.bot && !pay.PayFlagged;
    return {
      CurrentDisplayName: latest.displayName,
      Username: latest.username,
      TeamTag: latest.tag,
      Squad: latest.squad ?? '',
      SquadName: latest.squadName,
      TotalRaces: s.races,
      WPM: s.wpm,
      Accuracy: s.accuracy,
      Points: s.points,
      bot: latest.bot ? 1 : 0,
      Winnings: withheld ? null : won,
      Withheld: withheld && won !== null && won > 0 ? won : null,
    };
  });
  return out.sort((a, b) => b.TotalRaces - a.TotalRaces || a.Username.localeCompare(b.Username));
}

const squadRank = (squad: string) => {
  const i = (SQUADS as readonly string[]).indexOf(squad);
  return i === -1 ? (squad === '' ? SQUADS.length + 1 : SQUADS.length) : i;
};

/** One row per team and squad that raced, in event team order, squads in board order, Unassigned last. */
export function squadSummary(rows: RacerTeamTotals[], eventTags: string[]): SquadSummaryRow[] {
  const groups = new Map<string, { tag: string; squad: string; name: string | null; totals: Totals }>();
  for (const r of rows) {
    const squad = r.squad ?? '';
    const key = `${r.tag}\u0000${squad}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { tag: r.tag, squad, name: squad ? r.squadName : null, totals: zeroTotals() }));
    addTotals(g.totals, r);
  }
  return [...groups.values()]
    .sort(
      (a, b) =>
        eventTags.indexOf(a.tag) - eventTags.indexOf(b.tag) ||
        squadRank(a.squad) - squadRank(b.squad) ||
        a.squad.localeCompare(b.squad),
    )
    .map((g) => {
      const s = windowStats(g.totals);
      return {
        Tag: g.tag,
        Squad: g.squad,
        SquadName: g.name,
        sum: s.races,
        WPM: s.wpm,
        Accuracy: s.accuracy,
        Points: s.points,
      };
    });
}

/** One row per team of the event, in event order, zero when the team raced nothing. */
export function teamSummary(rows: RacerTeamTotals[], eventTags: string[]): TeamSummaryRow[] {
  const totals = new Map(eventTags.map((t) => [t, zeroTotals()]));
  for (const r of rows) {
    const t = totals.get(r.tag);
    if (t) addTotals(t, r);
  }
  return eventTags.map((tag) => {
    const s = windowStats(totals.get(tag)!);
    return { Tag: tag, Races: s.races, WPM: s.wpm, Accuracy: s.accuracy, Points: s.points };
  });
}
