/** The viewer's three tabs: their names, export file names and sheet names. */
export type EventTab = 'racers' | 'squads' | 'teams';

export const EVENT_TABS: { key: EventTab; label: string }[] = [
  { key: 'racers', label: 'Racers' },
  { key: 'squads', label: 'Squads' },
  { key: 'teams', label: 'Teams' },
];

/** Shown after the three tables when the event pays out (payouts-panel.tsx). */
export const PAYOUTS_TAB = { key: 'payouts', label: 'Payouts' } as const;

const FILE_PART: Record<EventTab, string> = { racers: 'participants', squads: 'squads', teams: 'teams' };
const SHEET: Record<EventTab, string> = { racers: 'Participants', squads: 'Squads', teams: 'Teams' };

/** event_{id}_participants, event_{id}_squads, event_{id}_teams (docs/product.md §9). */
export function exportFileBase(eventId: number, tab: EventTab): string {
  return `event_${eventId}_${FILE_PART[tab]}`;
}

export function exportSheetName(eventId: number, tab: EventTab): string {
  return `${SHEET[tab]} ${eventId}`;
}
