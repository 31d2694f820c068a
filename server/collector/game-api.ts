/**
 * The game's public team API (`GET {GAME_API_BASE}/teams/{TAG}`), written once. Each field of the
 * answer is listed here with its type as the game sends it (`wire`: the simulator builds exactly
 * this, and its tests check its answers against `gameTeamResponseSchema`) and how the collector
 * reads it (`read`: lenient, since numbers may arrive as strings and text blank, null or holding
 * control characters or bidi controls, which `cleanText` strips; `null` for a field the collector does not use). parse.ts validates members and team info with the
 * readers made from these lists. A field added, renamed or retyped by the game is changed here;
 * TypeScript then points at the simulator and parse.ts wherever they must follow.
 */
import { z } from 'zod';
import { stripBidiControls } from '../../rules/text-safety.js';

interface Field<W extends z.ZodType, R extends z.ZodType | null> {
  wire: W;
  read: R;
}
type Fields = Record<string, Field<z.ZodType, z.ZodType | null>>;
const field = <W extends z.ZodType, R extends z.ZodType | null>(wire: W, read: R): Field<W, R> => ({ wire, read });

/** The strict schema of what the game sends. */
function wireSchema<F extends Fields>(fields: F) {
  const shape = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.wire]));
  return z.object(shape as { [K in keyof F]: F[K]['wire'] });
}

/** The collector's lenient reader of the fields it uses. */
function readerSchema<F extends Fields>(fields: F) {
  const shape = Object.fromEntries(Object.entries(fields).flatMap(([k, f]) => (f.read ? [[k, f.read]] : [])));
  return z.object(shape as { [K in keyof F as F[K]['read'] extends null ? never : K]: Exclude<F[K]['read'], null> });
}

export const GAME_STATUSES = ['banned', 'warned'] as const;
/** The game's standing of an account, when not good. */
export type GameStatus = (typeof GAME_STATUSES)[number];

/** A finite number, or a string holding one ("42", " 61.5 "). */
const numeric = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/),
  ])
  .transform(Number)
  .pipe(z.number());

/** C0 line breaks and tabs, and NEL: they separate words, so each run becomes a space. */
const BREAK_CONTROLS = /[\t\n\v\f\r\u0085]+/g;
/** The other C0 controls (NUL first), DEL, C1, and lone surrogates (PostgreSQL and JSON refuse NUL and lone surrogates). */
const UNSAFE_TEXT =
  // eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
  /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The game's text without control characters or lone surrogates, so no answer can stop a team's
 * write, and without bidi controls, so no name (U+202E...) reverses the text shown after it.
 */
export function cleanText(s: string): string {
  return stripBidiControls(s.replace(BREAK_CONTROLS, ' ').replace(UNSAFE_TEXT, ''));
}

/** A string, cleaned of control characters (every text the collector keeps goes through it). */
const text = z.string().transform(cleanText);

/** How the collector reads each kind of value. */
export const readers = {
  userId: numeric.pipe(z.number().int().positive()),
  /** A lifetime counter: a non-negative whole number (a fractional one is rounded). */
  counter: numeric.pipe(z.number().nonnegative()).transform(Math.round),
  name: text.pipe(z.string().trim().min(1)),
  /** Text that may be missing, null or blank (once cleaned): all three become null. */
  optionalText: z
    .unknown()
    .optional()
    .transform((v) => {
      const t = typeof v === 'string' ? cleanText(v) : '';
      return t.trim() !== '' ? t : null;
    }),
  optionalNumber: numeric
    .nullable()
    .optional()
    .catch(null)
    .transform((v) => v ?? null),
  /** The game's member status; 'active' or anything unknown is good standing (null). */
  gameStatus: z
    .unknown()
    .optional()
    .transform((v): GameStatus | null => {
      const t = typeof v === 'string' ? cleanText(v).trim().toLowerCase() : '';
      return (GAME_STATUSES as readonly string[]).includes(t) ? (t as GameStatus) : null;
    }),
};
const optionalInt = readers.optionalNumber.transform((v) => (v === null ? null : Math.round(v)));
/** Unix seconds → instant; 0, missing or invalid → null. */
const optionalStamp = readers.optionalNumber.transform((v) => (v !== null && v > 0 ? new Date(v * 1000) : null));

const int = z.number().int();
const count = z.number().int().nonnegative();
/** Unix seconds. */
const stamp = z.number().int().nonnegative();

/** One member of `results.members`. */
export const gameMemberFields = {
  userID: field(int.positive(), readers.userId),
  username: field(z.string().min(1), readers.name),
  displayName: field(z.string().nullable(), readers.optionalText),
  /** Team races: races since joining this team. */
  played: field(count, readers.counter),
  /** Lifetime races. */
  racesPlayed: field(count, readers.counter),
  /** Characters typed, errors and seconds raced while on this team. */
  typed: field(count, readers.counter),
  errs: field(count, readers.counter),
  secs: field(count, readers.counter),
  avgSpeed: field(z.number().nonnegative(), readers.optionalNumber),
  highestSpeed: field(z.number().nonnegative(), readers.optionalNumber),
  joinStamp: field(stamp, optionalStamp),
  lastActivity: field(stamp, null),
  lastLogin: field(stamp, null),
  role: field(z.enum(['captain', 'officer', 'member']), readers.optionalText),
  membership: field(z.enum(['basic', 'gold']), null),
  title: field(z.string(), null),
  carID: field(int, null),
  carHueAngle: field(int, null),
  /** The account's standing: 'banned' and 'warned' show as a badge on the roster and racer banner. */
  status: field(z.enum(['active', 'banned', 'warned']), readers.gameStatus),
};

/** `results.info`: the team, its captain (userID, username, displayName) and its requirements. */
export const gameTeamInfoFields = {
  teamID: field(int.positive(), optionalInt),
  userID: field(int.nonnegative(), null),
  username: field(z.string(), readers.optionalText),
  displayName: field(z.string().nullable(), readers.optionalText),
  tag: field(z.string().min(1), readers.optionalText),
  tagColor: field(z.string(), readers.optionalText),
  name: field(z.string(), readers.optionalText),
  minLevel: field(int, null),
  minRaces: field(int, optionalInt),
  minSpeed: field(int, optionalInt),
  autoRemove: field(int, null),
  otherRequirements: field(z.string(), readers.optionalText),
  members: field(count, null),
  createdStamp: field(stamp, optionalStamp),
  lastActivity: field(stamp, null),
  profileViews: field(count, null),
  enrollment: field(z.enum(['open', 'invite']), null),
};

export const gameMemberSchema = wireSchema(gameMemberFields);
export const gameTeamInfoSchema = wireSchema(gameTeamInfoFields);
/** The collector's reading of a member and of the team info (parse.ts). */
export const memberReader = readerSchema(gameMemberFields);
export const teamInfoReader = readerSchema(gameTeamInfoFields);

/** One of the team's race boards (not read by the collector). */
export const gameTeamStatSchema = z.object({
  board: z.enum(['daily', 'weekly', 'monthly', 'season']),
  typed: count,
  secs: count,
  played: count,
  errs: count,
  stamp,
});

export const gameTeamResponseSchema = z.object({
  status: z.literal('OK'),
  results: z.object({
    info: gameTeamInfoSchema,
    counts: z.object({ pending: count, member: count, invite: count }),
    members: z.array(gameMemberSchema),
    stats: z.array(gameTeamStatSchema),
    motd: z.object({ motd: z.string(), username: z.string(), updatedStamp: stamp }).nullable(),
  }),
});

/** What the game answers for an unknown tag (HTTP 200 with a FAIL status). */
export const gameFailResponseSchema = z.object({ status: z.literal('FAIL'), data: z.object({ message: z.string() }) });

export type GameMember = z.infer<typeof gameMemberSchema>;
export type GameTeamInfo = z.infer<typeof gameTeamInfoSchema>;
export type GameTeamStat = z.infer<typeof gameTeamStatSchema>;
export type GameTeamResponse = z.infer<typeof gameTeamResponseSchema>;
export type GameFailResponse = z.infer<typeof gameFailResponseSchema>;
