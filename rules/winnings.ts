/**
 * Pay-to-play winnings of one participant (docs/product.md §5 and §9, docs/product.md 'The numbers'):
 * floor((races − MinRaces) / RaceIncrement) × PayoutIncrement, × AccBonus98 at accuracy ≥ 0.98,
 * else × AccBonus96 at ≥ 0.96, capped at Cap. Blank (null) when PayoutIncrement is missing or 0,
 * QualifyingRaces is missing, races are below QualifyingRaces, or races − MinRaces ≤ 0.
 */

/** An event's pay-to-play settings; null where the event has none. */
export interface PayToPlaySettings {
  MinRaces: number | null;
  QualifyingRaces: number | null;
  RaceIncrement: number | null;
  PayoutIncrement: number | null;
  Cap: number | null;
  AccBonus96: number | null;
  AccBonus98: number | null;
}

/** Whether the event pays out at all: the Winnings column shows only then. */
export function paysOut(s: Pick<PayToPlaySettings, 'PayoutIncrement'>): boolean {
  return s.PayoutIncrement != null && s.PayoutIncrement !== 0;
}

/**
 * Winnings in dollars, rounded to cents to drop floating-point noise from the bonus factors, or
 * null when blank. A missing MinRaces counts as 0, a missing or zero RaceIncrement as 1, a missing
 * bonus as 1, a missing Cap as no cap. `accuracy` is a fraction (null when nothing was typed).
 */
export function winnings(s: PayToPlaySettings, races: number, accuracy: number | null): number | null {
  if (!paysOut(s) || s.QualifyingRaces == null) return null;
  if (races < s.QualifyingRaces) return null;
  const beyond = races - (s.MinRaces ?? 0);
  if (beyond <= 0) return null;
  const increment = s.RaceIncrement || 1;
  let amount = Math.floor(beyond / increment) * (s.PayoutIncrement as number);
  if (accuracy != null && accuracy >= 0.98) amount *= s.AccBonus98 ?? 1;
  else if (accuracy != null && accuracy >= 0.96) amount *= s.AccBonus96 ?? 1;
  if (s.Cap != null) amount = Math.min(amount, s.Cap);
  return Math.round(amount * 100) / 100;
}
