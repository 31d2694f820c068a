/**
 * The simulated game community: determinism, counters that only grow while a racer is on a team,
 * realistic speeds and accuracies, the hour-of-day pattern, membership churn, and the speed of
 * advancing 30 days of 10-minute slots.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { formatInZone } from '../../rules/site-time.js';
import {
  gameFailResponseSchema,
  gameMemberFields,
  gameTeamResponseSchema,
  type GameFailResponse,
  type GameMember,
  type GameTeamResponse,
} from '../collector/game-api.js';
import { GameSimulator } from './game-simulator.js';

const SLOT = 600_000;
const DAY = 86_400_000;
const NOW = Date.UTC(2025, 2, 20, 17, 0, 0); // a Thursday, 12:00 CT
const START = new Date(NOW - 35 * DAY);
const options = { seed: 20250320, teams: 10, racersPerTeam: 30, start: START };

function ok(r: GameTeamResponse | GameFailResponse): GameTeamResponse {
  if (r.status !== 'OK') throw new Error(`expected OK, got ${JSON.stringify(r)}`);
  return r;
}

describe('GameSimulator determinism', () => {
  it('answers the same JSON for the same seed and instant whatever was asked before', () => {
    const at = new Date(START.getTime() + 3 * DAY + 17 * SLOT + 123_456);
    const direct = new GameSimulator(options);
    const stepped = new GameSimulator(options);
    for (let h = 1; h < 80; h += 7)
      stepped.teamResponse(stepped.tags[h % 10], new Date(START.getTime() + h * 3_600_000));
    const backwards = new GameSimulator(options);
    backwards.teamResponse(backwards.tags[0], new Date(START.getTime() + 9 * DAY));
    for (const tag of direct.tags) {
      const expected = JSON.stringify(direct.teamResponse(tag, at));
      expect(JSON.stringify(stepped.teamResponse(tag, at))).toBe(expected);
      expect(JSON.stringify(backwards.teamResponse(tag, at))).toBe(expected);
    }
    expect(direct.tags).toEqual(stepped.tags);
  });

  it('changes with the seed, and stays put within a 10-minute slot', () => {
    const a = new GameSimulator(options);
    const b = new GameSimulator({ ...options, seed: options.seed + 1 });
    expect(b.tags).not.toEqual(a.tags);
    const slotStart = Math.floor((START.getTime() + 2 * DAY) / SLOT) * SLOT;
    const early = JSON.stringify(a.teamResponse(a.tags[3], new Date(slotStart + 1_000)));
    const late = JSON.stringify(a.teamResponse(a.tags[3], new Date(slotStart + SLOT - 1)));
    const next = JSON.stringify(a.teamResponse(a.tags[3], new Date(slotStart + SLOT)));
    expect(late).toBe(early);
    expect(next).not.toBe(early);
  });
});

describe('GameSimulator community', () => {
  const sim = new GameSimulator(options);
  const at = new Date(START.getTime() + 30 * DAY);
  const responses = sim.tags.map((t) => ok(sim.teamResponse(t, at)));
  const directory = sim.racerDirectory();
  const botIds = new Set(directory.filter((r) => r.isBot).map((r) => r.userID));

  it('has 2-6 character uppercase tags, all distinct, found case-insensitively', () => {
    expect(sim.tags).toHaveLength(10);
    expect(new Set(sim.tags).size).toBe(10);
    for (const tag of sim.tags) expect(tag).toMatch(/^(?=.*[A-Z])[A-Z0-9]{2,6}$/);
    expect(ok(sim.teamResponse(sim.tags[0].toLowerCase(), at)).results.info.tag).toBe(sim.tags[0]);
  });

  it('answers FAIL for an unknown tag', () => {
    const r = sim.teamResponse('ZZZZZZZ', at);
    expect(r.status).toBe('FAIL');
    expect((r as GameFailResponse).data.message).toMatch(/\w/);
  });

  it('answers exactly the shape written once in game-api.ts, no field more or less', () => {
    // Parsing keeps only the described fields: an answer equal to its parse has no others.
    for (const r of responses) expect(gameTeamResponseSchema.parse(r)).toEqual(r);
    expect(gameFailResponseSchema.parse(sim.teamResponse('ZZZZZZZ', at))).toEqual(sim.teamResponse('ZZZZZZZ', at));
  });

  it('has at least 300 racers, 10-60 per team, a few bots and some empty or null display names', () => {
    expect(directory.length).toBeGreaterThanOrEqual(300);
    expect(new Set(directory.map((r) => r.userID)).size).toBe(directory.length);
    expect(new Set(directory.map((r) => r.username.toLowerCase())).size).toBe(directory.length);
    expect(botIds.size).toBeGreaterThanOrEqual(2);
    expect(botIds.size).toBeLessThanOrEqual(directory.length * 0.05);
    for (const r of responses) {
      expect(r.results.members.length).toBeGreaterThanOrEqual(10);
      expect(r.results.members.length).toBeLessThanOrEqual(60);
    }
    const all = responses.flatMap((r) => r.results.members);
    expect(all.some((m) => m.displayName === '')).toBe(true);
    expect(all.some((m) => m.displayName === null)).toBe(true);
    const onTeams = directory.filter((r) => r.tag !== null).length;
    expect(onTeams).toBe(all.length);
  });

  it('has a few warned and banned accounts, the rest active', () => {
    const all = responses.flatMap((r) => r.results.members);
    const share = (s: GameMember['status']) => all.filter((m) => m.status === s).length / all.length;
    expect(share('warned')).toBeGreaterThan(0.01);
    expect(share('warned')).toBeLessThan(0.08);
    expect(share('banned')).toBeGreaterThan(0.003);
    expect(share('banned')).toBeLessThan(0.05);
    expect(share('active') + share('warned') + share('banned')).toBe(1);
  });

  it('has consistent team info: captain, officers, member counts, colours, stamps', () => {
    let officers = 0;
    for (const { results } of responses) {
      const { info, members, counts, stats } = results;
      expect(Object.keys(members[0])).toEqual(Object.keys(gameMemberFields));
      expect(info.members).toBe(members.length);
      expect(counts.member).toBe(members.length);
      const captains = members.filter((m) => m.role === 'captain');
      expect(captains).toHaveLength(1);
      expect(info.userID).toBe(captains[0].userID);
      expect(info.username).toBe(captains[0].username);
      expect(info.tagColor).toMatch(/^[0-9a-f]{6}$/);
      expect(info.name.length).toBeGreaterThan(2);
      for (const m of members) expect(m.joinStamp).toBeGreaterThan(info.createdStamp);
      expect(info.lastActivity).toBe(Math.max(...members.map((m) => m.lastActivity)));
      expect(info.lastActivity).toBeLessThanOrEqual(at.getTime() / 1000);
      expect(stats.map((s) => s.board)).toEqual(['daily', 'weekly', 'monthly', 'season']);
      officers += members.filter((m) => m.role === 'officer').length;
    }
    expect(officers).toBeGreaterThanOrEqual(10);
  });

  it('has realistic speeds, accuracies and race lengths consistent with avgSpeed and highestSpeed', () => {
    for (const m of responses.flatMap((r) => r.results.members)) {
      expect(m.racesPlayed).toBeGreaterThanOrEqual(m.played);
      if (m.played < 20) continue;
      const wpm = m.typed / 5 / (m.secs / 60);
      const acc = 1 - m.errs / m.typed;
      if (botIds.has(m.userID)) {
        expect(wpm).toBeGreaterThanOrEqual(170);
        expect(wpm).toBeLessThanOrEqual(260);
        expect(acc).toBeGreaterThanOrEqual(0.985);
      } else {
        expect(wpm).toBeGreaterThanOrEqual(36);
        expect(wpm).toBeLessThanOrEqual(170);
      }
      expect(acc).toBeGreaterThanOrEqual(0.85);
      expect(acc).toBeLessThanOrEqual(1);
      expect(m.typed / m.played).toBeGreaterThanOrEqual(180);
      expect(m.typed / m.played).toBeLessThanOrEqual(320);
      expect(Math.abs(m.avgSpeed - wpm) / wpm).toBeLessThan(0.2);
      expect(m.highestSpeed).toBeGreaterThan(m.avgSpeed);
    }
  });
});

/** One pass over 30 days of 10-minute polls of every team, as the collector would make. */
interface Trace {
  simMs: number;
  polls: number;
  violations: string[];
  leaves: { userID: number; tag: string }[];
  joins: {
    k: number;
    userID: number;
    tag: string;
    played: number;
    racesPlayed: number;
    lifetimeBefore: number | null;
  }[];
  resets: number;
  racesByHour: number[];
  /** Races by hour of day over the first week only. */
  firstWeekByHour: number[];
  racesByWeekday: number[];
  slotsByWeekday: number[];
  boardMismatches: number;
}

function trace(): Trace {
  const sim = new GameSimulator(options);
  const t: Trace = {
    simMs: 0,
    polls: 0,
    violations: [],
    leaves: [],
    joins: [],
    resets: 0,
    racesByHour: new Array(24).fill(0),
    firstWeekByHour: new Array(24).fill(0),
    racesByWeekday: new Array(7).fill(0),
    slotsByWeekday: new Array(7).fill(0),
    boardMismatches: 0,
  };
  const prev = new Map<string, GameMember>();
  const prevDaily = new Map<string, { played: number; stamp: number }>();
  const lastLifetime = new Map<number, number>();
  for (let k = 1; k <= 30 * 144; k++) {
    const at = new Date(START.getTime() + k * SLOT);
    const t0 = performance.now();
    const rs = sim.tags.map((tag) => ok(sim.teamResponse(tag, at)));
    t.simMs += performance.now() - t0;
    t.polls += rs.length;
    const raced = new Date(at.getTime() - SLOT);
    const hour = Number(formatInZone(raced, 'America/Chicago', 'H'));
    const weekday = Number(formatInZone(raced, 'America/Chicago', 'i')) % 7;
    t.slotsByWeekday[weekday]++;
    const seen = new Set<string>();
    rs.forEach(({ results }, ti) => {
      const tag = sim.tags[ti];
      let boardDelta = 0;
      for (const m of results.members) {
        const key = `${tag}:${m.userID}`;
        seen.add(key);
        const p = prev.get(key);
        if (!p) {
          t.joins.push({
            k,
            userID: m.userID,
            tag,
            played: m.played,
            racesPlayed: m.racesPlayed,
            lifetimeBefore: lastLifetime.get(m.userID) ?? null,
          });
          boardDelta += m.played;
        } else if (p.joinStamp !== m.joinStamp) {
          t.resets++;
          boardDelta += m.played;
          if (m.played > p.played && m.played > 14) t.violations.push(`${key} reset without dropping`);
        } else {
          for (const f of ['played', 'typed', 'errs', 'secs', 'racesPlayed', 'highestSpeed'] as const) {
            if (m[f] < p[f]) t.violations.push(`${key} ${f} fell ${p[f]} -> ${m[f]} at ${at.toISOString()}`);
          }
          const d = m.played - p.played;
          boardDelta += d;
          t.racesByHour[hour] += d;
          if (k <= 7 * 144) t.firstWeekByHour[hour] += d;
          t.racesByWeekday[weekday] += d;
        }
        if (m.racesPlayed < m.played) t.violations.push(`${key} lifetime below team races`);
        if (m.lastActivity > at.getTime() / 1000 || m.joinStamp > at.getTime() / 1000)
          t.violations.push(`${key} stamp in the future`);
        prev.set(key, m);
        lastLifetime.set(m.userID, m.racesPlayed);
      }
      const daily = results.stats[0];
      const pd = prevDaily.get(tag);
      if (pd && pd.stamp === daily.stamp && daily.played - pd.played !== boardDelta) t.boardMismatches++;
      prevDaily.set(tag, { played: daily.played, stamp: daily.stamp });
    });
    for (const key of [...prev.keys()]) {
      if (!seen.has(key)) {
        const [tag, id] = key.split(':');
        t.leaves.push({ userID: Number(id), tag });
        prev.delete(key);
      }
    }
  }
  return t;
}

describe('GameSimulator over 30 days of 10-minute polls', () => {
  let t: Trace;
  beforeAll(() => {
    t = trace();
    console.log(
      `simulator: 10 teams x 30 racers, 30 days of 10-minute slots (${t.polls} team answers) in ${t.simMs.toFixed(0)} ms`,
    );
  });

  it('advances 30 days for 10 teams of 30 racers in a couple of seconds', () => {
    expect(t.polls).toBe(43_200);
    expect(t.simMs).toBeLessThan(5_000);
  });

  it('only ever grows a member’s counters while they stay on a team, lifetime at least team races', () => {
    expect(t.violations).toEqual([]);
  });

  it('keeps the daily board equal to the team races of its members', () => {
    expect(t.boardMismatches).toBe(0);
  });

  it('has members leave and racers join, with team counters from zero and lifetime carried on', () => {
    const joins = t.joins.filter((j) => j.k > 1);
    expect(t.leaves.length).toBeGreaterThanOrEqual(5);
    expect(joins.length).toBeGreaterThanOrEqual(5);
    for (const j of joins) {
      expect(j.played).toBeLessThanOrEqual(14);
      if (j.lifetimeBefore !== null) expect(j.racesPlayed).toBeGreaterThanOrEqual(j.lifetimeBefore);
    }
    // Someone who left one team turns up on another, starting from zero team races.
    const moved = t.leaves.find((l) => joins.some((j) => j.userID === l.userID && j.tag !== l.tag));
    expect(moved).toBeDefined();
    // Leaving and being let back in resets the team counters in place.
    expect(t.resets).toBeGreaterThan(0);
  });

  it('is much quieter at night than in the evening (US Central) and busier at weekends', () => {
    for (const byHour of [t.firstWeekByHour, t.racesByHour]) {
      const night = byHour.slice(2, 6).reduce((a, b) => a + b, 0);
      const evening = byHour.slice(18, 22).reduce((a, b) => a + b, 0);
      expect(night).toBeGreaterThan(0);
      expect(evening).toBeGreaterThan(3 * night);
    }
    const perSlot = (days: number[]) =>
      days.reduce((a, d) => a + t.racesByWeekday[d], 0) / days.reduce((a, d) => a + t.slotsByWeekday[d], 0);
    const weekend = perSlot([0, 6]);
    const midweek = perSlot([1, 2, 3]);
    expect(weekend).toBeGreaterThan(1.1 * midweek);
  });
});
