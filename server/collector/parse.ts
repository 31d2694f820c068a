/**
 * Defensive parsing of a game team API body (the raw text) into a typed team: info and members.
 * Only JSON with `status: "OK"` is accepted. The fields and how each is read are in game-api.ts
 * (numbers may arrive as strings; an empty or null displayName becomes null; every text loses its
 * control characters, bidi controls and lone surrogates, `cleanText`); a member missing a required
 * field is skipped, never fatal.
 */
import type { z } from 'zod';
import { GAME_STATUSES, memberReader, readers, teamInfoReader, type GameStatus } from './game-api.js';

export interface ParsedMember {
  userId: number;
  username: string;
  displayName: string | null;
  /** Team races (since joining this team). */
  played: number;
  /** Lifetime races. */
  racesPlayed: number;
  typed: number;
  errs: number;
  secs: number;
  avgSpeed: number | null;
  highestSpeed: number | null;
  joinStamp: Date | null;
  role: string | null;
  /** The game's standing of the account: null when in good standing (or not said). */
  gameStatus: GameStatus | null;
}

export { GAME_STATUSES, type GameStatus };

export interface ParsedTeamInfo {
  teamId: number | null;
  tag: string;
  name: string | null;
  tagColor: string | null;
  captainUsername: string | null;
  captainDisplayName: string | null;
  minRaces: number | null;
  minSpeed: number | null;
  otherRequirements: string | null;
  createdStamp: Date | null;
}

export interface SkippedMember {
  index: number;
  userId: number | null;
  reason: string;
}

export interface ParsedTeam {
  info: ParsedTeamInfo;
  members: ParsedMember[];
  /** Members skipped for a bad, missing or absurd field. */
  skipped: SkippedMember[];
  /** Members listed more than once (one copy kept). */
  duplicates: Array<{ userId: number; copies: number }>;
}

export type ParseFailureReason = 'html' | 'json' | 'status' | 'shape' | 'tag';

export type ParseResult = { ok: true; team: ParsedTeam } | { ok: false; reason: ParseFailureReason; message: string };

/**
 * A lifetime counter above this is absurd (2^40 ≈ 1.1e12: more characters than anyone types in a
 * thousand years), and would not fit the database's integers: the member is skipped.
 */
export const MAX_COUNTER = 2 ** 40;
const COUNTER_FIELDS = ['played', 'racesPlayed', 'typed', 'errs', 'secs'] as const;

function describeIssue(err: z.ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'invalid';
  const where = issue.path.length ? issue.path.join('.') : 'value';
  return `${where}: ${issue.message}`;
}

/** Parses one member; a bad member is reported as skipped (with its id when that much is readable). */
export function parseMember(raw: unknown, index: number): ParsedMember | SkippedMember {
  const r = memberReader.safeParse(raw);
  if (r.success) {
    const m = r.data;
    const absurd = COUNTER_FIELDS.find((k) => m[k] > MAX_COUNTER);
    if (absurd) return { index, userId: m.userID, reason: `absurd counter ${absurd}: ${m[absurd]}` };
    return {
      userId: m.userID,
      username: m.username,
      displayName: m.displayName,
      played: m.played,
      racesPlayed: m.racesPlayed,
      typed: m.typed,
      errs: m.errs,
      secs: m.secs,
      avgSpeed: m.avgSpeed,
      highestSpeed: m.highestSpeed,
      joinStamp: m.joinStamp,
      role: m.role,
      gameStatus: m.status,
    };
  }
  const id = readers.userId.safeParse((raw as { userID?: unknown } | null)?.userID);
  return { index, userId: id.success ? id.data : null, reason: describeIssue(r.error) };
}

const ADVANCE_ORDER = ['racesPlayed', 'joinStamp', 'played', 'typed', 'secs', 'errs'] as const;

/**
 * Of two copies of one member in one answer (an old and a current one), whether `a` is further
 * along: lifetime races first (they never go back, even across a rejoin), then the later join.
 */
function moreAdvanced(a: ParsedMember, b: ParsedMember): boolean {
  for (const k of ADVANCE_ORDER) {
    const x = k === 'joinStamp' ? (a.joinStamp?.getTime() ?? 0) : a[k];
    const y = k === 'joinStamp' ? (b.joinStamp?.getTime() ?? 0) : b[k];
    if (x !== y) return x > y;
  }
  return false;
}

/**
 * Parses a raw body for the team `expectedTag`. HTML (a challenge page), truncated JSON, a FAIL
 * status, a missing members list, or a list in which no member is usable is a failure: such a
 * poll must not close anybody's membership.
 */
export function parseTeamBody(body: string, expectedTag: string): ParseResult {
  const text = body.trim();
  if (text.startsWith('<')) return { ok: false, reason: 'html', message: 'HTML page instead of JSON' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: 'json', message: `Invalid JSON: ${(err as Error).message}` };
  }
  const status = (json as { status?: unknown } | null)?.status;
  if (status !== 'OK') {
    const message = (json as { data?: { message?: unknown } } | null)?.data?.message;
    return {
      ok: false,
      reason: 'status',
      message: `Status ${typeof status === 'string' ? status : 'missing'}${typeof message === 'string' ? `: ${message}` : ''}`,
    };
  }
  const results = (json as { results?: unknown }).results as { info?: unknown; members?: unknown } | null | undefined;
  if (typeof results !== 'object' || results === null)
    return { ok: false, reason: 'shape', message: 'results: missing' };
  if (!Array.isArray(results.members)) return { ok: false, reason: 'shape', message: 'results.members: not a list' };
  const rawInfo = typeof results.info === 'object' && results.info !== null ? results.info : {};

  const info = teamInfoReader.parse(rawInfo);
  const tag = expectedTag.toUpperCase();
  if (info.tag !== null && info.tag.toUpperCase() !== tag) {
    return { ok: false, reason: 'tag', message: `Answer is for team ${info.tag}, not ${tag}` };
  }

  const byId = new Map<number, ParsedMember>();
  const copies = new Map<number, number>();
  const skipped: SkippedMember[] = [];
  const names = new Map<string, number>();
  results.members.forEach((raw, index) => {
    const m = parseMember(raw, index);
    if (!('username' in m)) {
      skipped.push(m);
      return;
    }
    const holder = names.get(m.username.toLowerCase());
    if (holder !== undefined && holder !== m.userId) {
      skipped.push({ index, userId: m.userId, reason: 'duplicate username' });
      return;
    }
    names.set(m.username.toLowerCase(), m.userId);
    copies.set(m.userId, (copies.get(m.userId) ?? 0) + 1);
    const kept = byId.get(m.userId);
    if (!kept || moreAdvanced(m, kept)) byId.set(m.userId, m);
  });
  const members = [...byId.values()];
  const duplicates = [...copies].filter(([, n]) => n > 1).map(([id, n]) => ({ userId: id, copies: n }));
  if (members.length === 0) {
    return {
      ok: false,
      reason: 'shape',
      message: skipped.length ? `No usable member (${skipped[0].reason})` : 'Empty member list',
    };
  }

  return {
    ok: true,
    team: {
      info: {
        teamId: info.teamID,
        tag,
        name: info.name,
        tagColor: info.tagColor,
        captainUsername: info.username,
        captainDisplayName: info.displayName,
        minRaces: info.minRaces,
        minSpeed: info.minSpeed,
        otherRequirements: info.otherRequirements,
        createdStamp: info.createdStamp,
      },
      members,
      skipped,
      duplicates,
    },
  };
}
