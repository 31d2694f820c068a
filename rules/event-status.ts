/**
 * An event's status from its start and end instants and the current instant (docs/product.md §4): before
 * the start Pending; from the start through the end inclusive Active; after the end Concluded.
 * Pure: used by the events API, the admin events API and the app's edit dialog.
 */

export const EVENT_STATUSES = ['Pending', 'Active', 'Concluded'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

const ms = (d: Date | number) => (typeof d === 'number' ? d : d.getTime());

export function eventStatus(start: Date | number, end: Date | number, now: Date | number): EventStatus {
  const t = ms(now);
  if (t < ms(start)) return 'Pending';
  if (t <= ms(end)) return 'Active';
  return 'Concluded';
}
