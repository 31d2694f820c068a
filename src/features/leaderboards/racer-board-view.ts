/**
 * The individual board's view in the address: sort, direction, page, team filter, "Show flagged
 * racers" and the Following list, so Back, reload and a shared link keep it. Defaults stay out of
 * the address (`?sort=Points&dir=desc&page=1` is just the board).
 */
import { BOARD_SORTS, type BoardSortKey, type SortDir } from '../../api/leaderboards';

/** The individual board's params as the address holds them (validated by the route). */
export interface RacerBoardSearch {
  sort?: BoardSortKey;
  dir?: SortDir;
  page?: number;
  team?: string;
  /** '1': flagged racers are shown. */
  bots?: '1';
  /** 'following': the racers followed on this device instead of the board's pages. */
  list?: 'following';
}

export interface RacerBoardView {
  sort: BoardSortKey;
  dir: SortDir;
  page: number;
  team: string | undefined;
  showBots: boolean;
  following: boolean;
}

export const DEFAULT_RACER_VIEW: RacerBoardView = {
  sort: 'Points',
  dir: 'desc',
  page: 1,
  team: undefined,
  showBots: false,
  following: false,
};

export function isBoardSort(s: string): s is BoardSortKey {
  return (BOARD_SORTS as readonly string[]).includes(s);
}

export function racerBoardView(search: RacerBoardSearch): RacerBoardView {
  return {
    sort: search.sort && isBoardSort(search.sort) ? search.sort : 'Points',
    dir: search.dir === 'asc' ? 'asc' : 'desc',
    page: search.page && Number.isInteger(search.page) && search.page >= 1 ? search.page : 1,
    team: search.team || undefined,
    showBots: search.bots === '1',
    following: search.list === 'following',
  };
}

/** The address params of a view: every one present, undefined where it is the default (cleared). */
export function racerBoardSearch(
  view: RacerBoardView,
): Record<keyof RacerBoardSearch, string | number | undefined> & RacerBoardSearch {
  return {
    sort: view.sort === 'Points' ? undefined : view.sort,
    dir: view.dir === 'desc' ? undefined : view.dir,
    page: view.page > 1 ? view.page : undefined,
    team: view.team || undefined,
    bots: view.showBots ? '1' : undefined,
    list: view.following ? 'following' : undefined,
  };
}

/** A header click: the sorted column turns around, another column sorts descending; back to page 1. */
export function sortedBy(view: RacerBoardView, key: BoardSortKey): RacerBoardView {
  const dir: SortDir = view.sort === key ? (view.dir === 'desc' ? 'asc' : 'desc') : 'desc';
  return { ...view, sort: key, dir, page: 1 };
}
