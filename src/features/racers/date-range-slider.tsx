/**
 * "Date Range:" two-thumb slider over the racer's batch end times, one-minute steps, with the
 * caption "All" or "start - end" (CT). Two overlapping native range inputs: keyboard and screen
 * reader support come with them.
 */
import { useId } from 'react';
import { formatCT } from '../../lib/format';
import { SLIDER_STEP_MS, isFullRange, moveRangeEnd, type DateRange } from './date-range';
import { useStyleWhenHydrated } from '../../lib/use-hydrated';

const CAPTION_PATTERN = 'MMM d, yyyy h:mm a';

export interface DateRangeSliderProps {
  full: DateRange;
  value: DateRange;
  onChange: (range: DateRange) => void;
}

export function rangeCaption(value: DateRange, full: DateRange): string {
  return isFullRange(value, full)
    ? 'All'
    : `${formatCT(value.start, CAPTION_PATTERN)} - ${formatCT(value.end, CAPTION_PATTERN)}`;
}

export function DateRangeSlider({ full, value, onChange }: DateRangeSliderProps) {
  const id = useId();
  const styled = useStyleWhenHydrated();
  const span = Math.max(full.end - full.start, 1);
  const left = ((value.start - full.start) / span) * 100;
  const right = ((value.end - full.start) / span) * 100;
  // When both thumbs meet, the one that can still move lies on top.
  const startOnTop = value.start >= value.end && value.start - full.start > span / 2;
  const thumb = (which: 'start' | 'end') => (
    <input
      type="range"
      className={`range-thumb range-${which}`}
      min={full.start}
      max={full.end}
      step={SLIDER_STEP_MS}
      value={value[which]}
      aria-label={which === 'start' ? 'Start of date range' : 'End of date range'}
      aria-valuetext={formatCT(value[which], CAPTION_PATTERN)}
      disabled={full.end === full.start}
      style={styled({ zIndex: (which === 'start') === startOnTop ? 3 : 2 })}
      onChange={(e) => onChange(moveRangeEnd(value, full, which, Number(e.target.value)))}
    />
  );
  return (
    <div className="date-range" role="group" aria-labelledby={`${id}-label`}>
      <div className="date-range-head">
        <span id={`${id}-label`} className="date-range-label">
          Date Range:
        </span>
        <span className="date-range-caption" aria-live="polite" data-testid="date-range-caption">
          {rangeCaption(value, full)}
        </span>
        {!isFullRange(value, full) ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(full)}>
            Reset
          </button>
        ) : null}
      </div>
      <div className="date-range-track">
        <div className="date-range-rail">
          <div className="date-range-fill" style={styled({ left: `${left}%`, right: `${100 - right}%` })} />
        </div>
        {thumb('start')}
        {thumb('end')}
      </div>
    </div>
  );
}
