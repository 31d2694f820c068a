/**
 * Followed racers: usernames starred on racer pages and board rows, kept on this device
 * (localStorage followedRacers). Every component reading them re-renders when they change, in this
 * tab or another.
 */
import { useSyncExternalStore } from 'react';
import { getStored, setStored } from './storage';

const CHANGED = 'followed-racers-changed';
/** A device follows a handful of racers; the list stays small enough to ask each one's rank. */
export const MAX_FOLLOWED = 50;

export function parseFollowed(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [];
    const seen = new Set<string>();
    const out: string[] = [];
    for (const name of v) {
      if (typeof name !== 'string' || !name.trim()) continue;
      const key = name.trim().toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(name.trim());
    }
    return out.slice(0, MAX_FOLLOWED);
  } catch {
    return [];
  }
}

export function getFollowed(): string[] {
  return parseFollowed(getStored('followedRacers'));
}

export function isFollowed(list: readonly string[], username: string): boolean {
  const key = username.toLowerCase();
  return list.some((name) => name.toLowerCase() === key);
}

/** The list with `username` added (at the end) or removed; the newest is dropped past MAX_FOLLOWED. */
export function toggledFollow(list: readonly string[], username: string): string[] {
  if (isFollowed(list, username)) return list.filter((name) => name.toLowerCase() !== username.toLowerCase());
  return [...list, username].slice(0, MAX_FOLLOWED);
}

export function toggleFollow(username: string): void {
  setStored('followedRacers', JSON.stringify(toggledFollow(getFollowed(), username)));
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === 'followedRacers') onChange();
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The followed usernames in the order they were followed. */
export function useFollowed(): string[] {
  const raw = useSyncExternalStore(
    subscribe,
    () => getStored('followedRacers'),
    () => null,
  );
  return parseFollowed(raw);
}
