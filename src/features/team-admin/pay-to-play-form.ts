/**
 * The Pay-to-Play Settings form (docs/product.md §3, §5): seven required numbers, at least 0; the first four
 * whole numbers, the last three with 0.01 steps. A field the event has not set shows the default.
 */
import type { PayToPlayBody } from '../../../contract/admin-events';
import type { Event, PayToPlaySettings } from '../../../contract/events';

export type PayToPlayKey = keyof PayToPlaySettings;
export type PayToPlayValues = Record<PayToPlayKey, string>;

/** What the dialog shows for a setting the event has not set (docs/product.md §3). */
export const PAY_TO_PLAY_DEFAULTS: Record<PayToPlayKey, number> = {
  MinRaces: 100,
  QualifyingRaces: 150,
  RaceIncrement: 50,
  PayoutIncrement: 500000,
  Cap: 10000000,
  AccBonus96: 1,
  AccBonus98: 1,
};

export interface PayToPlayField {
  key: PayToPlayKey;
  label: string;
  hint: string;
  integer: boolean;
}

export const PAY_TO_PLAY_FIELDS: PayToPlayField[] = [
  { key: 'MinRaces', label: 'Min Races', hint: 'Races that earn nothing', integer: true },
  { key: 'QualifyingRaces', label: 'Qualifying Races', hint: 'Races needed to be paid at all', integer: true },
  { key: 'RaceIncrement', label: 'Race Increment', hint: 'Races per payout step', integer: true },
  { key: 'PayoutIncrement', label: 'Payout Increment', hint: 'Dollars per step', integer: true },
  { key: 'Cap', label: 'Cap', hint: 'Most a racer can win', integer: false },
  { key: 'AccBonus96', label: 'Accuracy Bonus 96%', hint: 'Multiplier at 96% accuracy or more', integer: false },
  { key: 'AccBonus98', label: 'Accuracy Bonus 98%', hint: 'Multiplier at 98% accuracy or more', integer: false },
];

export function payToPlayValues(event: Pick<Event, PayToPlayKey>): PayToPlayValues {
  return Object.fromEntries(
    PAY_TO_PLAY_FIELDS.map(({ key }) => [key, String(event[key] ?? PAY_TO_PLAY_DEFAULTS[key])]),
  ) as PayToPlayValues;
}

/** The request body, or the first problem. */
export function payToPlayBody(v: PayToPlayValues): { body: PayToPlayBody } | { error: string } {
  const body: Partial<PayToPlayBody> = {};
  for (const f of PAY_TO_PLAY_FIELDS) {
    const raw = v[f.key].trim();
    if (raw === '') return { error: `${f.label} is required` };
    const n = Number(raw);
    if (!Number.isFinite(n)) return { error: `${f.label} must be a number` };
    if (n < 0) return { error: `${f.label} must be 0 or more` };
    if (f.integer && !Number.isInteger(n)) return { error: `${f.label} must be a whole number` };
    body[f.key] = n;
  }
  return { body: body as PayToPlayBody };
}
