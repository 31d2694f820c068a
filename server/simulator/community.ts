/**
 * The simulated community's fixed cast and its state when the history begins: teams (tag, name,
 * requirements, captain and officers), racers (speed, accuracy, habits, a few bots) and free
 * agents who join teams later, with counters that look like years of racing before `start`.
 */
import { expectedDailyRaces, type ActivityProfile } from './activity.js';
import { HOUR_MS, type CentralCalendar } from './calendar.js';
import { displayName, MOTDS, OTHER_REQUIREMENTS, teamNameAndTag, TITLES, username } from './names.js';
import { hashKey, Rng } from './random.js';

export const MIN_TEAM_SIZE = 10;
export const MAX_TEAM_SIZE = 60;

export interface RacerProfile extends ActivityProfile {
  idx: number;
  key: number;
  userID: number;
  username: string;
  displayName: string | null;
  /** Typical WPM and accuracy (fraction). */
  wpm: number;
  acc: number;
  /** Mean characters per race. */
  chars: number;
  /** Mean races in a 10-minute slot while racing, and the share of slots raced in an online hour. */
  pace: number;
  slotActive: number;
  /** Chance of a whole day without racing. */
  idleProb: number;
  membership: 'basic' | 'gold';
  title: string;
  carID: number;
  carHueAngle: number;
}

export interface TeamProfile {
  idx: number;
  teamID: number;
  tag: string;
  name: string;
  tagColor: string;
  minLevel: number;
  minRaces: number;
  minSpeed: number;
  autoRemove: number;
  otherRequirements: string;
  createdStamp: number;
  enrollment: 'open' | 'invite';
  motd: { motd: string; username: string; updatedStamp: number } | null;
  profileViews: number;
  viewsPerDay: number;
}

export type Role = 'captain' | 'officer' | 'member';

export interface RacerState {
  /** Team index, or -1 while not on a simulated team. */
  team: number;
  role: Role;
  joinStamp: number;
  played: number;
  typed: number;
  errs: number;
  secs: number;
  racesPlayed: number;
  avgSpeed: number;
  highestSpeed: number;
  lastActivity: number;
  lastLogin: number;
  displayName: string | null;
  /** Slot index of the last time the racer left a team (-Infinity if never). */
  leftSlot: number;
  /** Hour and day whose online / active decisions are cached below. */
  hourIdx: number;
  online: boolean;
  dayNum: number;
  dayActive: boolean;
  dayFactor: number;
}

export interface Board {
  board: 'daily' | 'weekly' | 'monthly' | 'season';
  typed: number;
  secs: number;
  played: number;
  errs: number;
  stamp: number;
}

export interface TeamState {
  /** Racer indexes in joining order. */
  members: number[];
  captain: number;
  boards: Board[];
}

export interface CommunityState {
  racers: RacerState[];
  teams: TeamState[];
}

export interface Cast {
  racers: RacerProfile[];
  teams: TeamProfile[];
  /** Initial team of each racer (-1 for free agents), role and join time. */
  initialTeam: number[];
  initialRole: Role[];
  initialJoin: number[];
}

const DAY_S = 86_400;

/** Team sizes between 10 and 60 that add up to exactly `teams × perTeam`. */
function teamSizes(rng: Rng, teams: number, perTeam: number): number[] {
  const sizes = Array.from({ length: teams }, () =>
    Math.min(MAX_TEAM_SIZE, Math.max(MIN_TEAM_SIZE, Math.round(perTeam * Math.exp(0.3 * rng.normal())))),
  );
  let diff = teams * perTeam - sizes.reduce((a, b) => a + b, 0);
  while (diff !== 0) {
    const i = rng.int(0, teams - 1);
    if (diff > 0 && sizes[i] < MAX_TEAM_SIZE) {
      sizes[i]++;
      diff--;
    } else if (diff < 0 && sizes[i] > MIN_TEAM_SIZE) {
      sizes[i]--;
      diff++;
    }
  }
  return sizes;
}

function hourShift(rng: Rng): number {
  const r = rng.next();
  if (r < 0.45) return 0;
  if (r < 0.7) return 1;
  if (r < 0.77) return -1;
  if (r < 0.9) return -2;
  if (r < 0.96) return 7;
  return 13;
}

function makeRacer(rng: Rng, seed: number, idx: number, userID: number, name: string, isBot: boolean): RacerProfile {
  let wpm = isBot ? rng.range(180, 250) : 85 + 26 * rng.normal();
  // Fold the normal's tails back into 40-160 rather than piling racers up on the limits.
  if (!isBot && wpm < 40) wpm = rng.range(40, 55);
  if (!isBot && wpm > 160) wpm = rng.range(140, 160);
  return {
    idx,
    key: hashKey(seed, 0x5ace, idx),
    userID,
    username: name,
    displayName: displayName(rng, name),
    isBot,
    wpm,
    acc: isBot ? rng.range(0.991, 0.999) : Math.min(0.995, Math.max(0.9, 0.955 + 0.018 * rng.normal())),
    chars: rng.range(225, 275),
    hourShift: isBot ? 0 : hourShift(rng),
    engagement: isBot ? 1 : Math.min(1.6, Math.max(0.03, 0.2 * Math.exp(0.9 * rng.normal()))),
    weekendBoost: rng.range(1.1, 1.6),
    pace: isBot ? rng.range(9, 12) : Math.min(9, Math.max(1.5, (wpm / 90) * rng.range(2.5, 6))),
    slotActive: isBot ? 0.97 : rng.range(0.6, 0.9),
    idleProb: isBot ? 0 : rng.range(0.04, 0.4),
    membership: rng.chance(0.3) ? 'gold' : 'basic',
    title: rng.pick(TITLES),
    carID: rng.int(1, 260),
    carHueAngle: rng.chance(0.5) ? 0 : rng.int(1, 35) * 10,
  };
}

/** Builds the cast: teams, their members, free agents and a few bots. */
export function createCast(seed: number, teams: number, perTeam: number, startMs: number): Cast {
  const rng = new Rng(hashKey(seed, 0xc457));
  const start = Math.floor(startMs / 1000);
  const size = Math.min(MAX_TEAM_SIZE, Math.max(MIN_TEAM_SIZE, Math.round(perTeam)));
  const sizes = teamSizes(rng, teams, size);
  const onTeams = sizes.reduce((a, b) => a + b, 0);
  const freeAgents = Math.max(4, Math.round(onTeams * 0.12));
  const total = onTeams + freeAgents;

  const teamProfiles: TeamProfile[] = [];
  const tags = new Set<string>();
  const words = new Set<string>();
  const teamIDs = new Set<number>();
  for (let t = 0; t < teams; t++) {
    const taken = (name: string) => name.split(' ').some((w) => w !== 'The' && words.has(w));
    let nt = teamNameAndTag(rng);
    for (let tries = 0; tags.has(nt.tag) || nt.tag.length < 2 || (tries < 30 && taken(nt.name)); tries++) {
      nt = teamNameAndTag(rng);
      if (tries > 50) nt = { name: nt.name, tag: `${nt.tag.slice(0, 4)}${t}` };
    }
    tags.add(nt.tag);
    for (const w of nt.name.split(' ')) words.add(w);
    let teamID = rng.int(10_000, 999_999);
    while (teamIDs.has(teamID)) teamID = rng.int(10_000, 999_999);
    teamIDs.add(teamID);
    const createdStamp = start - rng.int(120, 2500) * DAY_S - rng.int(0, DAY_S);
    teamProfiles.push({
      idx: t,
      teamID,
      tag: nt.tag,
      name: nt.name,
      tagColor: rng.int(0, 0xffffff).toString(16).padStart(6, '0'),
      minLevel: rng.pick([0, 0, 5, 10, 20, 40]),
      minRaces: rng.pick([0, 0, 100, 500, 1000, 5000]),
      minSpeed: rng.pick([0, 0, 30, 50, 70, 90]),
      autoRemove: rng.chance(0.3) ? 1 : 0,
      otherRequirements: rng.pick(OTHER_REQUIREMENTS),
      createdStamp,
      enrollment: rng.chance(0.7) ? 'open' : 'invite',
      motd: null,
      profileViews: rng.int(200, 40_000),
      viewsPerDay: rng.range(2, 60),
    });
  }

  const usernames = new Set<string>();
  const userIDs = new Set<number>();
  const botSlots = new Set<number>();
  const bots = Math.max(2, Math.round(total * 0.012));
  // Bots sit on teams as ordinary members (never captains: index 0 of each team block).
  const teamStarts: number[] = [];
  for (let t = 0, i = 0; t < teams; i += sizes[t], t++) teamStarts.push(i);
  while (botSlots.size < bots) {
    const t = rng.int(0, teams - 1);
    botSlots.add(teamStarts[t] + rng.int(1, sizes[t] - 1));
  }

  const racers: RacerProfile[] = [];
  for (let i = 0; i < total; i++) {
    let name = username(rng);
    while (usernames.has(name.toLowerCase())) name = username(rng);
    usernames.add(name.toLowerCase());
    let id = rng.int(1_000_000, 60_000_000);
    while (userIDs.has(id)) id = rng.int(1_000_000, 60_000_000);
    userIDs.add(id);
    racers.push(makeRacer(rng, seed, i, id, name, botSlots.has(i)));
  }

  const initialTeam: number[] = new Array(total).fill(-1);
  const initialRole: Role[] = new Array(total).fill('member');
  const initialJoin: number[] = new Array(total).fill(0);
  for (let t = 0; t < teams; t++) {
    const team = teamProfiles[t];
    const first = teamStarts[t];
    const officers = rng.int(1, Math.min(4, sizes[t] - 1));
    for (let j = 0; j < sizes[t]; j++) {
      const i = first + j;
      initialTeam[i] = t;
      initialRole[i] = j === 0 ? 'captain' : j <= officers ? 'officer' : 'member';
      const span = start - team.createdStamp - DAY_S;
      initialJoin[i] =
        j === 0
          ? team.createdStamp + rng.int(0, 3 * DAY_S)
          : racers[i].isBot
            ? start - rng.int(2 * DAY_S, 40 * DAY_S)
            : start - Math.floor(span * rng.next() ** 2) - rng.int(60, 3600);
    }
    if (rng.chance(0.6)) {
      const captain = racers[first];
      team.motd = {
        motd: rng.pick(MOTDS),
        username: captain.username,
        updatedStamp: start - rng.int(1, 60) * DAY_S,
      };
    }
  }
  return { racers, teams: teamProfiles, initialTeam, initialRole, initialJoin };
}

/** The community at `startMs`: counters built up from each racer's past at their usual pace. */
export function initialState(cast: Cast, calendar: CentralCalendar, startMs: number): CommunityState {
  const start = Math.floor(startMs / 1000);
  const rng = new Rng(0);
  const racers: RacerState[] = cast.racers.map((p, i) => {
    rng.reseed(hashKey(p.key, 0x1417));
    const team = cast.initialTeam[i];
    const joinStamp = team >= 0 ? cast.initialJoin[i] : 0;
    const daily = expectedDailyRaces(p, p.pace, p.slotActive) * (1 - p.idleProb);
    const days = team >= 0 ? (start - joinStamp) / DAY_S : 0;
    const played = team >= 0 ? Math.round(days * daily * rng.range(0.25, 0.9)) : 0;
    const typed = Math.round(played * p.chars * rng.range(0.98, 1.02));
    const secs = Math.round(((typed / 5) * 60) / (p.wpm * rng.range(0.97, 1.03)));
    const errs = Math.round(typed * (1 - p.acc) * rng.range(0.9, 1.1));
    const before = p.isBot
      ? Math.round(Math.exp(Math.log(20_000) + 0.7 * rng.normal()))
      : Math.round(Math.exp(Math.log(2500) + 1.3 * rng.normal()));
    const lastActivity = start - rng.int(60, p.isBot ? 3600 : 4 * DAY_S);
    return {
      team,
      role: cast.initialRole[i],
      joinStamp,
      played,
      typed,
      errs,
      secs,
      racesPlayed: played + before,
      avgSpeed: p.wpm * rng.range(0.97, 1.03),
      highestSpeed: Math.round(p.wpm * rng.range(1.15, 1.35)),
      lastActivity,
      lastLogin: lastActivity - rng.int(60, 7200),
      displayName: p.displayName,
      leftSlot: -Infinity,
      hourIdx: -1,
      online: false,
      dayNum: -1,
      dayActive: false,
      dayFactor: 1,
    };
  });

  const info = calendar.hourInfo(Math.floor(startMs / HOUR_MS));
  const teams: TeamState[] = cast.teams.map((_, t) => {
    const members = racers
      .map((r, i) => (r.team === t ? i : -1))
      .filter((i) => i >= 0)
      .sort((a, b) => racers[a].joinStamp - racers[b].joinStamp || a - b);
    const boards: Board[] = [
      { board: 'daily', typed: 0, secs: 0, played: 0, errs: 0, stamp: info.dayStart },
      { board: 'weekly', typed: 0, secs: 0, played: 0, errs: 0, stamp: info.weekStart },
      { board: 'monthly', typed: 0, secs: 0, played: 0, errs: 0, stamp: info.monthStart },
      { board: 'season', typed: 0, secs: 0, played: 0, errs: 0, stamp: info.seasonStart },
    ];
    // The boards' share of the period that passed before the history starts.
    for (const b of boards) {
      for (const i of members) {
        const p = cast.racers[i];
        const days = Math.max(0, start - Math.max(b.stamp, racers[i].joinStamp)) / DAY_S;
        const races = Math.round(days * expectedDailyRaces(p, p.pace, p.slotActive) * (1 - p.idleProb) * 0.7);
        const typed = Math.round(races * p.chars);
        b.played += races;
        b.typed += typed;
        b.secs += Math.round(((typed / 5) * 60) / p.wpm);
        b.errs += Math.round(typed * (1 - p.acc));
      }
    }
    return { members, captain: members.find((i) => racers[i].role === 'captain') ?? members[0], boards };
  });
  return { racers, teams };
}
