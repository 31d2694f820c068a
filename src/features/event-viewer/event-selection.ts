/**
 * Which event the viewer shows for a team (docs/product.md §4): the event from the address if it is one of
 * the team's events; else the stored last event if still one of them; else the latest by StartTime
 * (ties to the higher EventID); none when the team has no events.
 */
import type { Event } from '../../../contract/events';

type Candidate = Pick<Event, 'EventID' | 'StartTime'>;

export function chooseEvent(
  events: Candidate[],
  fromAddress: number | undefined,
  stored: number | undefined,
): number | undefined {
  const has = (id: number | undefined) => id !== undefined && events.some((e) => e.EventID === id);
  if (has(fromAddress)) return fromAddress;
  if (has(stored)) return stored;
  let latest: Candidate | undefined;
  for (const e of events) {
    // StartTime is `YYYY-MM-DD HH:MM:SS`, so text order is time order.
    if (!latest || e.StartTime > latest.StartTime || (e.StartTime === latest.StartTime && e.EventID > latest.EventID))
      latest = e;
  }
  return latest?.EventID;
}

/** The stored `selectedEventId` as a number, or undefined when absent or not a whole number. */
export function parseStoredEventId(s: string | null): number | undefined {
  if (!s || !/^\d{1,10}$/.test(s)) return undefined;
  return Number(s);
}
