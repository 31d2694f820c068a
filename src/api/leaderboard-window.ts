/**
 * Which window a board query asks for. A calendar window is its API times; a rolling one (24
 * hours, 7 days, or the span before it for rank changes) is named, not timed, so its key stays put
 * as the minutes pass and its last answer is found offline, on a cold start or a minute later. Its
 * times are read from the clock when it fetches.
 */
import { apiTimes, periodWindow, previousWindow, type ApiTimes, type PeriodSelection } from '../../rules/periods';

/** Which board a query asks for: a calendar window's times, or a rolling window by name. */
export type BoardWindow = ApiTimes | { rolling: '24hour' | '7day'; previous: boolean };

/** The window of a selection (or of the one before it, `previous`) as a board query asks for it. */
export function boardWindow(sel: PeriodSelection, previous: boolean, now: Date, tz: string): BoardWindow {
  if (sel.period === '24hour' || sel.period === '7day') return { rolling: sel.period, previous };
  return apiTimes(previous ? previousWindow(sel, now, tz) : periodWindow(sel, now, tz), tz);
}

/** The API times to send for a board window at `now`. */
export function boardTimes(w: BoardWindow, now: Date, tz: string): ApiTimes {
  if (!('rolling' in w)) return w;
  const sel = { period: w.rolling };
  return apiTimes(w.previous ? previousWindow(sel, now, tz) : periodWindow(sel, now, tz), tz);
}
