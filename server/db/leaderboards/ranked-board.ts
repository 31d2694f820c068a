/**
 * The individual board ranked once, then written as the whole list, one page, or one racer with
 * their neighbours (docs/leaderboards.md "Ranked pages"). `Rank` is the standing by Points, then
 * Username (code-unit order), among the racers the board counts (flagged racers only with
 * showbot); `PreviousRank` the same standing in the window just before. Pure: the sums come from
 * leaderboard-repo.ts.
 */
import type { IndividualSortKey, SortDirection } from '../../../contract/leaderboards.js';
import { accuracy, wpm } from '../../../rules/stats.js';

/** A racer as the board names them; `head` is the JSON of the row's first fields, ending in a comma. */
export interface RacerIdentity {
  userId: number;
  name: string;
  display: string;
  team: string | null;
  bot: boolean;
  head: string;
}

/** The window's sums as columns, one entry per racer with races. */
export interface SumsColumns {
  ids: number[];
  races: number[];
  typed: number[];
  errs: number[];
  secs: number[];
  points: number[];
}

export interface RankedBoard {
  who: RacerIdentity[];
  sums: SumsColumns;
  /** Every racer's index, by Points then name: the whole list's order. */
  order: number[];
  /** The indices the board counts, in Rank order (Rank = position + 1). */
  counted: number[];
  rank: Array<number | null>;
  previousRank: Array<number | null>;
  /** The newest stored batch's end time (ISO 8601). */
  asOf: string | null;
}

/** Indices of `points` by Points, highest first, then name in code-unit order. */
function standing(points: number[], name: (i: number) => string, indices: number[]): number[] {
  return indices.sort((a, b) => {
    if (points[b] !== points[a]) return points[b] - points[a];
    const x = name(a);
    const y = name(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * Ranks the window's sums (`who[i]` names `sums.ids[i]`) and the previous window's points
 * (`previous`, named by `whoOf`).
 */
export function rankBoard(
  sums: SumsColumns,
  who: RacerIdentity[],
  previous: { ids: number[]; points: number[] },
  whoOf: (id: number) => RacerIdentity,
  showBots: boolean,
  asOf: string | null,
): RankedBoard {
  const order = standing(sums.points, (i) => who[i].name, range(sums.ids.length));
  const counted = showBots ? order : order.filter((i) => !who[i].bot);
  const rank: Array<number | null> = new Array<number | null>(order.length).fill(null);
  counted.forEach((i, k) => (rank[i] = k + 1));

  const prevWho = previous.ids.map(whoOf);
  const prevCounted = range(previous.ids.length).filter((i) => showBots || !prevWho[i].bot);
  const before = new Map<number, number>();
  standing(previous.points, (i) => prevWho[i].name, prevCounted).forEach((i, k) => before.set(previous.ids[i], k + 1));
  const previousRank = sums.ids.map((id, i) => (rank[i] === null ? null : (before.get(id) ?? null)));
  return { who, sums, order, counted, rank, previousRank, asOf };
}

/** A number as JSON.stringify writes it. */
const num = (v: number | null) => (v === null || !Number.isFinite(v) ? 'null' : String(v));

function rowJson(b: RankedBoard, i: number): string {
  const s = b.sums;
  return `${b.who[i].head}"Races":${s.races[i]},"Accuracy":${num(accuracy(s.typed[i], s.errs[i]))},"WPM":${num(wpm(s.typed[i], s.secs[i]))},"Points":${num(s.points[i])},"Rank":${num(b.rank[i])},"PreviousRank":${num(b.previousRank[i])}}`;
}

const rowsJson = (b: RankedBoard, indices: number[]) => `[${indices.map((i) => rowJson(b, i)).join(',')}]`;

/** The spec's whole list: every racer (flagged ones too, unranked unless counted), by Points then name. */
export function wholeListJson(b: RankedBoard): string {
  return rowsJson(b, b.order);
}

export interface PageRequest {
  page: number;
  pageSize: number;
  sort: IndividualSortKey;
  dir: SortDirection;
  team?: string;
}

/** A cell's sort value: a number, lower-cased text, or null (missing: last in either direction). */
function sortValues(b: RankedBoard, key: IndividualSortKey, indices: number[]): Array<number | string | null> {
  const { sums: s, who } = b;
  const finite = (v: number | null) => (v === null || !Number.isFinite(v) ? null : v);
  switch (key) {
    case 'Points':
      return indices.map((i) => s.points[i]);
    case 'Races':
      return indices.map((i) => s.races[i]);
    case 'WPM':
      return indices.map((i) => finite(wpm(s.typed[i], s.secs[i])));
    case 'Accuracy':
      return indices.map((i) => finite(accuracy(s.typed[i], s.errs[i])));
    case 'CurrentDisplayName':
      return indices.map((i) => who[i].display.toLowerCase());
    case 'Username':
      return indices.map((i) => who[i].name.toLowerCase());
    case 'TeamTag':
      return indices.map((i) => who[i].team?.toLowerCase() ?? null);
  }
}

/** `indices` (in Rank order) sorted by `key`; ties keep Rank order. */
function sortIndices(b: RankedBoard, indices: number[], key: IndividualSortKey, dir: SortDirection): number[] {
  if (key === 'Points' && dir === 'desc') return indices;
  const values = sortValues(b, key, indices);
  const sign = dir === 'asc' ? 1 : -1;
  const positions = range(indices.length).sort((x, y) => {
    const a = values[x];
    const c = values[y];
    if (a === null || c === null) return a === c ? x - y : a === null ? 1 : -1;
    if (a !== c) return sign * (a < c ? -1 : 1);
    return x - y;
  });
  return positions.map((p) => indices[p]);
}

/** One page as JSON: the counted racers (of `team` only, when given) in the page's sort. */
export function pageJson(b: RankedBoard, req: PageRequest): string {
  const listed = req.team === undefined ? b.counted : b.counted.filter((i) => b.who[i].team === req.team);
  const sorted = sortIndices(b, listed, req.sort, req.dir);
  const from = (req.page - 1) * req.pageSize;
  const rows = rowsJson(b, sorted.slice(from, from + req.pageSize));
  const pages = Math.ceil(listed.length / req.pageSize);
  return `{"rows":${rows},"total":${listed.length},"page":${req.page},"pageSize":${req.pageSize},"pages":${pages},"asOf":${JSON.stringify(b.asOf)}}`;
}

/** The standing of `username` (any letter case) with `radius` rows each side, or null when not counted. */
export function rankJson(b: RankedBoard, username: string, radius: number, pageSize: number): string | null {
  const wanted = username.toLowerCase();
  const at = b.counted.findIndex((i) => b.who[i].name.toLowerCase() === wanted);
  if (at < 0) return null;
  const total = b.counted.length;
  const rank = at + 1;
  const neighbours = rowsJson(b, b.counted.slice(Math.max(0, at - radius), at + radius + 1));
  const percentile = Math.floor((1000 * (total - rank)) / total) / 10;
  return `{"row":${rowJson(b, b.counted[at])},"page":${Math.ceil(rank / pageSize)},"total":${total},"percentile":${percentile},"neighbours":${neighbours}}`;
}
