/**
 * POST /api/admin/events, PUT/DELETE /api/admin/events/{EventID}: event administration, for an
 * admin or a teamadmin of the event's owner team (OwnerTag). A teamadmin creates events their own
 * team owns (it must be one of the event's teams); an admin chooses the owner among the event's
 * teams (the first one when none is sent). The answer carries the event in its read-side
 * form (`Event` from ./events.ts). Times are site-zone wall-clock times: `YYYY-MM-DD HH:MM:SS`, or
 * the `YYYY-MM-DDTHH:MM` of a datetime-local input.
 */
import { z } from 'zod';
import { errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';
import { DefaultSort, Event, type PayToPlaySettings } from './events.js';
export { splitEventTags } from './event-tags.js';

export const MAX_EVENT_TEAMS = 10;

/** Problems with a tag list that need no database: count and format. Null when fine. */
export function eventTagsProblem(tags: string[]): string | null {
  if (tags.length === 0) return 'Team Tag(s) is required';
  if (tags.length > MAX_EVENT_TEAMS) return `An event has at most ${MAX_EVENT_TEAMS} teams`;
  const bad = tags.filter((t) => !/^[A-Z0-9]{1,10}$/.test(t));
  if (bad.length) return `Invalid team tag: ${bad.join(', ')}`;
  return null;
}

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long`);

/** Event times lie in these years (inclusive): past them dates stop formatting and comparing sanely. */
export const EVENT_YEARS = { first: 2000, last: 2100 } as const;

/** The year a time text starts with, or null when it starts with none (the form parser judges it). */
export function leadingYear(s: string): number | null {
  const m = /^\s*[+-]?(\d+)-/.exec(s);
  return m ? Number(m[1]) : null;
}

export function eventYearProblem(label: string, s: string): string | null {
  const year = leadingYear(s);
  if (year === null || (year >= EVENT_YEARS.first && year <= EVENT_YEARS.last)) return null;
  return `${label} must be between the years ${EVENT_YEARS.first} and ${EVENT_YEARS.last}`;
}

const eventTime = (label: string) =>
  text(40, label).superRefine((s, ctx) => {
    const problem = eventYearProblem(label, s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The Add/Edit Event form. Required-field checks give the form's own messages. */
const EventFormFields = {
  Title: text(200, 'Title'),
  Description: text(5000, 'Description'),
  TeamTag: text(200, 'Team Tag(s)'),
  StartTime: eventTime('Start Time'),
  EndTime: eventTime('End Time'),
  DefaultSort: DefaultSort,
  /** One of the event's tags; only an admin may choose one other than their own team. */
  OwnerTag: text(10, 'Owner team'),
};

export const EventFormBody = z
  .object({
    Title: EventFormFields.Title.default(''),
    Description: EventFormFields.Description.default(''),
    TeamTag: EventFormFields.TeamTag.default(''),
    StartTime: EventFormFields.StartTime.default(''),
    EndTime: EventFormFields.EndTime.default(''),
    DefaultSort: DefaultSort.default('Races'),
    OwnerTag: EventFormFields.OwnerTag.optional(),
  })
  .superRefine((b, ctx) => {
    const missing = (['Title', 'TeamTag', 'StartTime', 'EndTime'] as const).filter((k) => b[k] === '');
    if (missing.length) ctx.addIssue({ code: 'custom', message: `${missing.map(label).join(', ')} required` });
  });
export type EventFormBody = z.input<typeof EventFormBody>;

function label(k: 'Title' | 'TeamTag' | 'StartTime' | 'EndTime'): string {
  return { Title: 'Title', TeamTag: 'Team Tag(s)', StartTime: 'Start Time', EndTime: 'End Time' }[k];
}

const INT_MAX = 2_147_483_647;
const count = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 or more`)
    .max(INT_MAX, `${name} is too large`);
const decimal = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .min(0, `${name} must be 0 or more`)
    .max(max, `${name} is too large`);

export const PayToPlayFields = {
  MinRaces: count('MinRaces'),
  QualifyingRaces: count('QualifyingRaces'),
  RaceIncrement: count('RaceIncrement'),
  PayoutIncrement: z
    .number({ error: 'PayoutIncrement must be a number' })
    .int('PayoutIncrement must be a whole number')
    .min(0, 'PayoutIncrement must be 0 or more')
    .max(Number.MAX_SAFE_INTEGER, 'PayoutIncrement is too large'),
  Cap: decimal('Cap', 1e15),
  AccBonus96: decimal('AccBonus96', 1000),
  AccBonus98: decimal('AccBonus98', 1000),
};
export const PAY_TO_PLAY_KEYS = Object.keys(PayToPlayFields) as Array<keyof PayToPlaySettings>;

export const PayToPlayBody = z.object({
  ...PayToPlayFields,
  /** Whether flagged racers earn winnings; unchanged when not sent. */
  PayFlagged: z.boolean({ error: 'PayFlagged must be true or false' }).optional(),
});
export type PayToPlayBody = z.infer<typeof PayToPlayBody>;

/**
 * PUT body: the event form, the pay-to-play settings (all seven), PayFlagged, or any of them. When
 * Title is sent the form is checked as a whole; when any of the seven is sent all seven are required.
 */
export const UpdateEventBody = z
  .object({
    Title: EventFormFields.Title.optional(),
    Description: EventFormFields.Description.optional(),
    TeamTag: EventFormFields.TeamTag.optional(),
    StartTime: EventFormFields.StartTime.optional(),
    EndTime: EventFormFields.EndTime.optional(),
    DefaultSort: DefaultSort.optional(),
    OwnerTag: EventFormFields.OwnerTag.optional(),
    PayFlagged: z.boolean({ error: 'PayFlagged must be true or false' }).optional(),
    ...(Object.fromEntries(Object.entries(PayToPlayFields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof PayToPlayFields]: z.ZodOptional<(typeof PayToPlayFields)[K]>;
    }),
  })
  .superRefine((b, ctx) => {
    const formSent = (
      ['Title', 'Description', 'TeamTag', 'StartTime', 'EndTime', 'DefaultSort', 'OwnerTag'] as const
    ).some((k) => b[k] !== undefined);
    const settingsSent = PAY_TO_PLAY_KEYS.filter((k) => b[k] !== undefined);
    if (!formSent && settingsSent.length === 0 && b.PayFlagged === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Nothing to update' });
      return;
    }
    if (formSent) {
      const missing = (['Title', 'TeamTag', 'StartTime', 'EndTime'] as const).filter((k) => !b[k]);
      if (missing.length) ctx.addIssue({ code: 'custom', message: `${missing.map(label).join(', ')} required` });
    }
    if (settingsSent.length > 0 && settingsSent.length < PAY_TO_PLAY_KEYS.length) {
      const absent = PAY_TO_PLAY_KEYS.filter((k) => b[k] === undefined);
      ctx.addIssue({ code: 'custom', message: `All pay-to-play settings are required (missing ${absent.join(', ')})` });
    }
  });
export type UpdateEventBody = z.input<typeof UpdateEventBody>;

export const AdminEventParams = z.object({
  EventID: z
    .string()
    .regex(/^\d{1,10}$/, 'EventID must be a number')
    .transform(Number),
});

export const AdminEventResponse = z.object({ event: Event });
export type AdminEventResponse = z.infer<typeof AdminEventResponse>;

export const DeleteEventResponse = z.object({ success: z.literal(true), EventID: z.number().int() });

const refused = errorAnswers(400, 401, 403, 404);

export const createEvent = endpoint({
  method: 'POST',
  path: '/api/admin/events',
  access: 'staff',
  body: EventFormBody,
  ok: AdminEventResponse,
  errors: refused,
  tags: ['admin-events'],
});

export const updateEvent = endpoint({
  method: 'PUT',
  path: '/api/admin/events/:EventID',
  access: 'staff',
  params: AdminEventParams,
  body: UpdateEventBody,
  ok: AdminEventResponse,
  errors: refused,
  tags: ['admin-events'],
});

export const deleteEvent = endpoint({
  method: 'DELETE',
  path: '/api/admin/events/:EventID',
  access: 'staff',
  params: AdminEventParams,
  ok: DeleteEventResponse,
  errors: refused,
  tags: ['admin-events'],
});
