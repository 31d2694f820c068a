/**
 * The game's public team API (`GET {GAME_API_BASE}/teams/{TAG}`) as the game sends it. The
 * collector parses it defensively (numbers may arrive as strings, displayName may be empty or
 * null); the simulator produces exactly this shape.
 */

export interface GameMember {
  userID: number;
  username: string;
  displayName: string | null;
  /** Team races: races since joining this team. */
  played: number;
  /** Lifetime races. */
  racesPlayed: number;
  /** Characters typed, errors and seconds raced while on this team. */
  typed: number;
  errs: number;
  secs: number;
  avgSpeed: number;
  highestSpeed: number;
  /** Unix seconds. */
  joinStamp: number;
  lastActivity: number;
  lastLogin: number;
  role: 'captain' | 'officer' | 'member';
  membership: 'basic' | 'gold';
  title: string;
  carID: number;
  carHueAngle: number;
  /** The account's standing: 'banned' and 'warned' show as a badge on the roster and racer banner. */
  status: 'active' | 'banned' | 'warned';
}

export interface GameTeamInfo {
  teamID: number;
  /** The captain's user id, username and display name. */
  userID: number;
  username: string;
  displayName: string | null;
  tag: string;
  tagColor: string;
  name: string;
  minLevel: number;
  minRaces: number;
  minSpeed: number;
  autoRemove: number;
  otherRequirements: string;
  members: number;
  /** Unix seconds. */
  createdStamp: number;
  lastActivity: number;
  profileViews: number;
  enrollment: 'open' | 'invite';
}

export interface GameTeamStat {
  board: 'daily' | 'weekly' | 'monthly' | 'season';
  typed: number;
  secs: number;
  played: number;
  errs: number;
  stamp: number;
}

export interface GameTeamResponse {
  status: 'OK';
  results: {
    info: GameTeamInfo;
    counts: { pending: number; member: number; invite: number };
    members: GameMember[];
    stats: GameTeamStat[];
    motd: { motd: string; username: string; updatedStamp: number } | null;
  };
}

/** What the game answers for an unknown tag (HTTP 200 with a FAIL status). */
export interface GameFailResponse {
  status: 'FAIL';
  data: { message: string };
}
