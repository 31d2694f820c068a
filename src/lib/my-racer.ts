/**
 * "This is me": the racer this browser's visitor said they are, kept in localStorage (myRacer) so
 * every board can highlight their row and the top navigation can link to their racer page. Every
 * component reading it re-renders when it changes, in this tab or another.
 */
import { useSyncExternalStore } from 'react';
import { getStored, removeStored, setStored } from './storage';

export interface MyRacer {
  username: string;
  displayName: string;
  /** The racer's team when they were chosen; boards prefer the latest member list's tag. */
  teamTag: string | null;
}

const CHANGED = 'my-racer-changed';

function parse(raw: string | null): MyRacer | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<MyRacer>;
    if (typeof v.username !== 'string' || !v.username) return null;
    return {
      username: v.username,
      displayName: typeof v.displayName === 'string' && v.displayName ? v.displayName : v.username,
      teamTag: typeof v.teamTag === 'string' && v.teamTag ? v.teamTag : null,
    };
  } catch {
    return null;
  }
}

export function getMyRacer(): MyRacer | null {
  return parse(getStored('myRacer'));
}

export function setMyRacer(me: MyRacer | null): void {
  if (me) setStored('myRacer', JSON.stringify(me));
  else removeStored('myRacer');
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === 'myRacer') onChange();
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored text is the snapshot (a string compares by value, so renders stay stable). */
function snapshot(): string | null {
  return getStored('myRacer');
}

export function useMyRacer(): MyRacer | null {
  const raw = useSyncExternalStore(subscribe, snapshot, () => null);
  return parse(raw);
}
