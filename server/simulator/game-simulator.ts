/**
 * The simulated game: a seeded community of teams and racers whose counters grow in 10-minute
 * slots (races by hour of day, per-racer speed and accuracy, bots, members leaving and joining, a
 * few warned or banned accounts), answered in the exact shape of the game's team API. The state
 * at an instant depends only on the seed and the instant; asking for later instants advances
 * incrementally.
 */
import type { GameFailResponse, GameMember, GameTeamResponse } from '../collector/game-api.js';
import { communityActivity, onlineChance } from './activity.js';
import { CentralCalendar, SLOT_MS, type HourInfo } from './calendar.js';
import { createCast, initialState, MAX_TEAM_SIZE, MIN_TEAM_SIZE, type Cast, type CommunityState } from './community.js';
import { displayName } from './names.js';
import { hashKey, hashUnit, Rng } from './random.js';

export interface GameSimulatorOptions {
  seed: number;
  teams: number;
  /** Average team size at the start (each team 10-60 members). */
  racersPerTeam: number;
  /** When the community's history begins. */
  start: Date;
}

export interface RacerDirectoryEntry {
  userID: number;
  username: string;
  displayName: string | null;
  /** Current team tag, or null while on no simulated team. */
  tag: string | null;
  isBot: boolean;
}

const SLOT_S = SLOT_MS / 1000;
const SLOTS_PER_HOUR = 6;
/** Leaves per team per day and joins per free agent per day, on an average hour. */
const LEAVES_PER_TEAM_DAY = 0.1;
const JOINS_PER_AGENT_DAY = 0.035;
/** Per team per day: a member leaves and is let back in within the same 10 minutes. */
const QUICK_REJOINS_PER_TEAM_DAY = 0.012;
/** Slots a leaver waits before joining a team again. */
const REJOIN_DELAY_SLOTS = 36;
const MAX_RACES_PER_SLOT = 14;
const RENAMES_PER_DAY = 0.0015;
/** Shares of accounts the game has warned and banned (fixed per racer). */
const WARNED_SHARE = 0.04;
const BANNED_SHARE = 0.02;

export class GameSimulator {
  readonly tags: string[];
  private readonly cast: Cast;
  private readonly calendar = new CentralCalendar();
  private readonly startMs: number;
  private readonly firstSlot: number;
  private readonly seedKey: number;
  private readonly byTag = new Map<string, number>();
  private readonly rng = new Rng();
  private state: CommunityState;
  /** Slots before this index have been applied. */
  private nextSlot: number;

  constructor(options: GameSimulatorOptions) {
    const { seed, teams, racersPerTeam, start } = options;
    if (!Number.isInteger(seed)) throw new RangeError('seed must be an integer');
    if (!Number.isInteger(teams) || teams < 1 || teams > 500) throw new RangeError('teams must be 1-500');
    if (!(racersPerTeam > 0)) throw new RangeError('racersPerTeam must be positive');
    if (Number.isNaN(start.getTime())) throw new RangeError('start must be a valid date');
    this.startMs = start.getTime();
    this.seedKey = hashKey(seed >>> 0, Math.floor(seed / 2 ** 32));
    this.cast = createCast(this.seedKey, teams, racersPerTeam, this.startMs);
    this.tags = this.cast.teams.map((t) => t.tag);
    this.cast.teams.forEach((t) => this.byTag.set(t.tag, t.idx));
    this.firstSlot = Math.ceil(this.startMs / SLOT_MS);
    this.state = initialState(this.cast, this.calendar, this.startMs);
    this.nextSlot = this.firstSlot;
  }

  /** The game's answer for `GET /teams/{tag}` at instant `at` (tags are case-insensitive). */
  teamResponse(tag: string, at: Date): GameTeamResponse | GameFailResponse {
    const t = this.byTag.get(tag.toUpperCase());
    if (t === undefined) return { status: 'FAIL', data: { message: 'Could not find team.' } };
    this.advanceTo(at);
    return this.snapshot(t);
  }

  /** Every racer with their current team, as of `at` (or the last instant asked about). */
  racerDirectory(at?: Date): RacerDirectoryEntry[] {
    if (at) this.advanceTo(at);
    return this.cast.racers.map((p, i) => {
      const r = this.state.racers[i];
      return {
        userID: p.userID,
        username: p.username,
        displayName: r.displayName,
        tag: r.team >= 0 ? this.cast.teams[r.team].tag : null,
        isBot: p.isBot,
      };
    });
  }

  /** Applies every 10-minute slot that has ended by `at`. */
  private advanceTo(at: Date): void {
    const endSlot = Math.floor(at.getTime() / SLOT_MS);
    if (Math.max(endSlot, this.firstSlot) < this.nextSlot) {
      this.state = initialState(this.cast, this.calendar, this.startMs);
      this.nextSlot = this.firstSlot;
    }
    for (; this.nextSlot < endSlot; this.nextSlot++) this.step(this.nextSlot);
  }

  private step(k: number): void {
    const hourIdx = Math.floor(k / SLOTS_PER_HOUR);
    const info = this.calendar.hourInfo(hourIdx);
    this.rollBoards(info);
    this.churn(k, info);
    for (let i = 0; i < this.cast.racers.length; i++) this.race(i, k, hourIdx, info);
  }

  /** Starts new daily / weekly / monthly / season boards at their local-time boundaries. */
  private rollBoards(info: HourInfo): void {
    const stamps = [info.dayStart, info.weekStart, info.monthStart, info.seasonStart];
    for (const team of this.state.teams) {
      team.boards.forEach((b, j) => {
        if (b.stamp !== stamps[j]) Object.assign(b, { typed: 0, secs: 0, played: 0, errs: 0, stamp: stamps[j] });
      });
    }
  }

  /** Members leave teams and free agents join (or rejoin) them, mostly in busy hours. */
  private churn(k: number, info: HourInfo): void {
    const rng = this.rng.reseed(hashKey(this.seedKey, 0xc4a2, k));
    const busy = communityActivity(info);
    const { racers, teams } = this.state;
    const pLeave = (LEAVES_PER_TEAM_DAY / 144) * busy;
    const pQuick = (QUICK_REJOINS_PER_TEAM_DAY / 144) * busy;
    for (let t = 0; t < teams.length; t++) {
      const team = teams[t];
      const u = rng.next();
      if (u >= pLeave + pQuick || team.members.length <= MIN_TEAM_SIZE) continue;
      const candidates = team.members.filter((i) => i !== team.captain);
      const i = candidates[Math.floor(rng.next() * candidates.length)];
      team.members.splice(team.members.indexOf(i), 1);
      const r = racers[i];
      Object.assign(r, { team: -1, role: 'member', played: 0, typed: 0, errs: 0, secs: 0, leftSlot: k });
      if (u >= pLeave) {
        // Left and was let back in: same team, team counters from zero, a new join time.
        r.team = t;
        r.joinStamp = k * SLOT_S + Math.floor(rng.next() * SLOT_S);
        team.members.push(i);
      }
    }
    const pJoin = (JOINS_PER_AGENT_DAY / 144) * busy;
    for (let i = 0; i < racers.length; i++) {
      const r = racers[i];
      if (r.team >= 0 || k - r.leftSlot < REJOIN_DELAY_SLOTS) continue;
      if (rng.next() >= pJoin) continue;
      const open = teams.map((_, t) => t).filter((t) => teams[t].members.length < MAX_TEAM_SIZE);
      if (open.length === 0) continue;
      const t = open[Math.floor(rng.next() * open.length)];
      r.team = t;
      r.role = 'member';
      r.joinStamp = k * SLOT_S + Math.floor(rng.next() * SLOT_S);
      teams[t].members.push(i);
    }
  }

  /** One racer's races in slot `k`. */
  private race(i: number, k: number, hourIdx: number, info: HourInfo): void {
    const p = this.cast.racers[i];
    const r = this.state.racers[i];
    const rng = this.rng;
    if (r.dayNum !== info.dayNum) {
      rng.reseed(hashKey(p.key, 0xda7, info.dayNum));
      r.dayNum = info.dayNum;
      r.dayActive = rng.next() >= p.idleProb;
      r.dayFactor = Math.exp(0.35 * rng.normal());
      if (rng.next() < RENAMES_PER_DAY) r.displayName = displayName(rng, p.username);
    }
    if (r.hourIdx !== hourIdx) {
      const wasOnline = r.online && r.hourIdx === hourIdx - 1;
      r.hourIdx = hourIdx;
      r.online = r.dayActive && hashUnit(p.key, 0x40, hourIdx) < onlineChance(p, info, r.dayFactor, wasOnline);
      if (r.online && !wasOnline) r.lastLogin = k * SLOT_S + Math.floor(hashUnit(p.key, 0x41, hourIdx) * 300);
    }
    if (!r.online) return;
    rng.reseed(hashKey(p.key, 0x5107, k));
    if (rng.next() >= p.slotActive) return;
    const n = Math.min(MAX_RACES_PER_SLOT, rng.poisson(p.pace));
    if (n === 0) return;
    const speedSpread = p.isBot ? 0.03 : 0.07;
    const accSpread = p.isBot ? 0.003 : 0.012;
    const team = r.team >= 0 ? this.state.teams[r.team] : null;
    for (let j = 0; j < n; j++) {
      const speed = Math.max(15, p.wpm * (1 + speedSpread * rng.normal()));
      const acc = Math.min(1, Math.max(0.8, p.acc + accSpread * rng.normal()));
      const chars = Math.round(p.chars + 90 * (rng.next() - 0.5));
      const errs = Math.round(chars * (1 - acc));
      const secs = Math.max(1, Math.round((chars * 12) / speed));
      r.racesPlayed++;
      r.avgSpeed += (speed - r.avgSpeed) * 0.04;
      if (Math.round(speed) > r.highestSpeed) r.highestSpeed = Math.round(speed);
      if (team) {
        r.played++;
        r.typed += chars;
        r.errs += errs;
        r.secs += secs;
        for (const b of team.boards) {
          b.played++;
          b.typed += chars;
          b.errs += errs;
          b.secs += secs;
        }
      }
    }
    r.lastActivity = k * SLOT_S + Math.floor((SLOT_S * n) / (n + 1));
  }

  private member(i: number): GameMember {
    const p = this.cast.racers[i];
    const r = this.state.racers[i];
    return {
      userID: p.userID,
      username: p.username,
      displayName: r.displayName,
      played: r.played,
      racesPlayed: r.racesPlayed,
      typed: r.typed,
      errs: r.errs,
      secs: r.secs,
      avgSpeed: Math.round(r.avgSpeed),
      highestSpeed: r.highestSpeed,
      joinStamp: r.joinStamp,
      lastActivity: r.lastActivity,
      lastLogin: r.lastLogin,
      role: r.role,
      membership: p.membership,
      title: p.title,
      carID: p.carID,
      carHueAngle: p.carHueAngle,
      status: standingOf(p.key),
    };
  }

  private snapshot(t: number): GameTeamResponse {
    const tp = this.cast.teams[t];
    const ts = this.state.teams[t];
    const captain = this.cast.racers[ts.captain];
    const members = ts.members.map((i) => this.member(i));
    const clock = Math.max(Math.floor(this.startMs / 1000), this.nextSlot * SLOT_S);
    const day = Math.floor(clock / 86_400);
    return {
      status: 'OK',
      results: {
        info: {
          teamID: tp.teamID,
          userID: captain.userID,
          username: captain.username,
          displayName: this.state.racers[ts.captain].displayName,
          tag: tp.tag,
          tagColor: tp.tagColor,
          name: tp.name,
          minLevel: tp.minLevel,
          minRaces: tp.minRaces,
          minSpeed: tp.minSpeed,
          autoRemove: tp.autoRemove,
          otherRequirements: tp.otherRequirements,
          members: members.length,
          createdStamp: tp.createdStamp,
          lastActivity: members.reduce((m, x) => Math.max(m, x.lastActivity), 0),
          profileViews:
            tp.profileViews + Math.floor((Math.max(0, clock - this.startMs / 1000) / 86_400) * tp.viewsPerDay),
          enrollment: tp.enrollment,
        },
        counts: {
          pending: tp.enrollment === 'invite' ? hashKey(tp.teamID, day) % 4 : 0,
          member: members.length,
          invite: hashKey(tp.teamID, day, 1) % 3,
        },
        members,
        stats: ts.boards.map((b) => ({
          board: b.board,
          typed: b.typed,
          secs: b.secs,
          played: b.played,
          errs: b.errs,
          stamp: b.stamp,
        })),
        motd: tp.motd ? { ...tp.motd } : null,
      },
    };
  }
}

/** A racer's standing in the game, fixed by their key (its own hash: no other draw changes). */
function standingOf(key: number): GameMember['status'] {
  const u = hashUnit(key, 0x57a7);
  return u < BANNED_SHARE ? 'banned' : u < BANNED_SHARE + WARNED_SHARE ? 'warned' : 'active';
}
