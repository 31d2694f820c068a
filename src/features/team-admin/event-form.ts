/**
 * The Add/Edit Event form (docs/product.md §5): its values from an event, the required-field check, the
 * request body, and the status the edit dialog shows, derived from the CT times (docs/product.md §4).
 */
import type { EventFormBody } from '../../../contract/admin-events';
import { splitEventTags } from '../../../contract/event-tags';
import type { DefaultSort, Event, EventStatus } from '../../../contract/events';
import { eventStatus } from '../../../rules/event-status';
import { parseSiteDateTime } from '../../../rules/site-time';

export interface EventFormValues {
  Title: string;
  TeamTag: string;
  /** datetime-local values (`YYYY-MM-DDTHH:MM`), wall-clock time in the site zone. */
  StartTime: string;
  EndTime: string;
  DefaultSort: DefaultSort;
  Description: string;
  /** The owner team: the event's, else the creator's team (a teamadmin's own, an admin's selected one). */
  OwnerTag: string;
}

/** `YYYY-MM-DD HH:MM:SS` → the datetime-local value; seconds only when not zero. */
export function toDateTimeLocal(s: string): string {
  const v = s.trim().replace(' ', 'T');
  return v.length >= 19 && v.slice(16, 19) !== ':00' ? v.slice(0, 19) : v.slice(0, 16);
}

/** An empty form for a new event of `tag`, or the event's own values. */
export function formValues(event: Event | null, tag: string | undefined): EventFormValues {
  if (!event)
    return {
      Title: '',
      TeamTag: tag ?? '',
      StartTime: '',
      EndTime: '',
      DefaultSort: 'Races',
      Description: '',
      OwnerTag: tag ?? '',
    };
  return {
    OwnerTag: event.OwnerTag,
    Title: event.Title,
    TeamTag: event.TeamTag,
    StartTime: toDateTimeLocal(event.StartTime),
    EndTime: toDateTimeLocal(event.EndTime),
    DefaultSort: event.DefaultSort,
    Description: event.Description,
  };
}

const REQUIRED: Array<[keyof EventFormValues, string]> = [
  ['Title', 'Title'],
  ['TeamTag', 'Team Tag(s)'],
  ['StartTime', 'Start Time'],
  ['EndTime', 'End Time'],
];

/** The first problem the form has before it is sent, or null. */
export function formProblem(v: EventFormValues, tz: string): string | null {
  const missing = REQUIRED.filter(([k]) => !String(v[k]).trim()).map(([, label]) => label);
  if (missing.length) return `${missing.join(', ')} required`;
  const start = parseSiteDateTime(v.StartTime, tz);
  const end = parseSiteDateTime(v.EndTime, tz);
  if (!start) return 'Start Time is not a valid date and time';
  if (!end) return 'End Time is not a valid date and time';
  if (end < start) return 'End Time cannot be before Start Time';
  return null;
}

/**
 * The owner team the form sends: its OwnerTag while that is one of the entered teams, else the
 * first entered team (an admin sees the choice; a teamadmin's own team is kept as it is).
 */
export function chosenOwner(v: Pick<EventFormValues, 'TeamTag' | 'OwnerTag'>, fixed: boolean): string {
  if (fixed) return v.OwnerTag;
  const tags = splitEventTags(v.TeamTag);
  return tags.includes(v.OwnerTag) ? v.OwnerTag : (tags[0] ?? '');
}

export function requestBody(v: EventFormValues, ownerFixed = false): EventFormBody {
  const owner = chosenOwner(v, ownerFixed);
  return {
    ...(owner ? { OwnerTag: owner } : {}),
    Title: v.Title.trim(),
    TeamTag: v.TeamTag.trim().replace(/\s+/g, ' ').toUpperCase(),
    StartTime: v.StartTime,
    EndTime: v.EndTime,
    DefaultSort: v.DefaultSort,
    Description: v.Description.trim(),
  };
}

/** Pending, Active or Concluded at `now`; null until both times are set and valid. */
export function derivedStatus(
  v: Pick<EventFormValues, 'StartTime' | 'EndTime'>,
  tz: string,
  now: number,
): EventStatus | null {
  const start = v.StartTime ? parseSiteDateTime(v.StartTime, tz) : null;
  const end = v.EndTime ? parseSiteDateTime(v.EndTime, tz) : null;
  return start && end ? eventStatus(start, end, now) : null;
}
