/**
 * The picker of the chosen period: a day, week or month list, or the custom From and To dates
 * (From at most To; To at least From and at most today). Rolling periods have none.
 */
import { useId } from 'react';
import type { PeriodSelection } from '../../../rules/periods';
import type { DayKey } from '../../../rules/site-time';
import { pickerValues } from './leaderboard-selection';
import { pickerLabel } from './period-labels';
import { replayEarlyChoice } from '../../ui/replay-early-input';

export interface PeriodPickerProps {
  selection: PeriodSelection;
  today: DayKey;
  onChange: (sel: PeriodSelection) => void;
}

const PICKER_NAME = { daily: 'Day', weekly: 'Week', monthly: 'Month' } as const;

export function PeriodPicker({ selection: sel, today, onChange }: PeriodPickerProps) {
  const id = useId();
  if (sel.period === 'custom') {
    return (
      <div className="lb-custom-range">
        <div className="field">
          <label htmlFor={`${id}-from`}>From</label>
          <input
            id={`${id}-from`}
            type="date"
            value={sel.from}
            max={sel.to}
            required
            onChange={(e) => e.target.value && e.target.value <= sel.to && onChange({ ...sel, from: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>To</label>
          <input
            id={`${id}-to`}
            type="date"
            value={sel.to}
            min={sel.from}
            max={today}
            required
            onChange={(e) =>
              e.target.value &&
              e.target.value >= sel.from &&
              e.target.value <= today &&
              onChange({ ...sel, to: e.target.value })
            }
          />
        </div>
      </div>
    );
  }
  if (sel.period !== 'daily' && sel.period !== 'weekly' && sel.period !== 'monthly') return null;
  const value = sel.period === 'daily' ? sel.day : sel.period === 'weekly' ? sel.week : sel.month;
  const pick = (v: DayKey): PeriodSelection =>
    sel.period === 'daily'
      ? { period: 'daily', day: v }
      : sel.period === 'weekly'
        ? { period: 'weekly', week: v }
        : { period: 'monthly', month: v };
  return (
    <div className="field lb-picker">
      <label htmlFor={id}>{PICKER_NAME[sel.period]}</label>
      <select ref={replayEarlyChoice} id={id} value={value} onChange={(e) => onChange(pick(e.target.value))}>
        {pickerValues(sel, today).map((v) => (
          <option key={v} value={v}>
            {pickerLabel(sel.period, v, today)}
          </option>
        ))}
      </select>
    </div>
  );
}
