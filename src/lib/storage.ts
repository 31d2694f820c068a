/**
 * The browser-storage keys of docs/product.md §3 (localStorage), typed. Reads and writes never throw: private
 * modes and full quotas simply behave as if nothing was stored.
 */

export interface StorageKeys {
  /** Last selected team tag; removed when the selection is cleared. */
  selectedTag: string;
  /** Last top navigation tab: leaderboards, teams, racers, about, admin. */
  topLevelTab: string;
  /** Last team sub-tab (default roster). */
  activeTab: string;
  /** Last event chosen in the event viewer. */
  selectedEventId: string;
  /** Leaderboards: teams or individuals (default teams). */
  leaderboardGroupBy: string;
  /** Leaderboards: 24hour, 7day, daily, weekly, monthly, custom (default 24hour). */
  leaderboardActiveTab: string;
  /** "This is me": the racer the visitor said they are, as JSON (my-racer.ts); beyond the spec. */
  myRacer: string;
  /** Followed racers' usernames, as a JSON array (followed-racers.ts); beyond the spec. */
  followedRacers: string;
  /** The rank each board last showed the visitor, as JSON (features/leaderboards/seen-rank.ts). */
  boardRanksSeen: string;
  /** Colour theme chosen on this device: system, light or dark (src/lib/theme.ts); beyond the spec. */
  theme: string;
}

export type StorageKey = keyof StorageKeys;

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getStored<K extends StorageKey>(key: K): StorageKeys[K] | null {
  try {
    return (store()?.getItem(key) as StorageKeys[K] | null) ?? null;
  } catch {
    return null;
  }
}

export function setStored<K extends StorageKey>(key: K, value: StorageKeys[K]): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
}

export function removeStored(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Storage blocked: nothing to remove.
  }
}
