/**
 * Turns the Add/Edit Event form (docs/product.md §5) into stored values: the team tags (1 to 10, space- or
 * comma-separated) and the start and end as instants from site-zone wall-clock times. Pure.
 */
import { EVENT_YEARS, eventTagsProblem, splitEventTags } from '../contract/admin-events.js';
import { parseSiteDateTime } from './site-time.js';

export interface EventFormInput {
  Title: string;
  Description: string;
  TeamTag: string;
  StartTime: string;
  EndTime: string;
  DefaultSort: string;
}

export interface ParsedEventForm {
  title: string;
  description: string;
  tags: string[];
  start: Date;
  end: Date;
  defaultSort: string;
}

export function parseEventForm(b: EventFormInput, tz: string): ParsedEventForm | { error: string } {
  const tags = splitEventTags(b.TeamTag);
  const tagsProblem = eventTagsProblem(tags);
  if (tagsProblem) return { error: tagsProblem };
  const start = parseSiteDateTime(b.StartTime, tz);
  if (!start) return { error: 'Start Time is not a valid date and time' };
  const end = parseSiteDateTime(b.EndTime, tz);
  if (!end) return { error: 'End Time is not a valid date and time' };
  if (end < start) return { error: 'End Time cannot be before Start Time' };
  // The instants too (an offset time can cross a year boundary): 2000-01-01 to 2101-01-01 UTC, give or take a day.
  const earliest = Date.UTC(EVENT_YEARS.first, 0, 1) - 86_400_000;
  const latest = Date.UTC(EVENT_YEARS.last + 1, 0, 1) + 86_400_000;
  if (start.getTime() < earliest || end.getTime() > latest) {
    return { error: `Event times must be between the years ${EVENT_YEARS.first} and ${EVENT_YEARS.last}` };
  }
  return { title: b.Title, description: b.Description, tags, start, end, defaultSort: b.DefaultSort };
}
