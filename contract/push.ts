/**
 * Web push, per device: the server's public VAPID key, saving what the device wants (its push
 * subscription comes with it: endpoint and keys are secrets the server keeps and never sends
 * back), reading and removing it, and "the app was opened" (the badge starts again from zero).
 * Anyone may opt in; the personal messages need the racer the device said it is ("This is me"),
 * the staff summary a logged-in admin or teamadmin. The endpoint identifies the device, so it
 * travels in a POST body, never in an address.
 */
import { z } from 'zod';
import { errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';
import { SuccessResponse } from './staff.js';

export const PushKey = z.object({
  /** The VAPID public key (base64url), the `applicationServerKey` of `pushManager.subscribe`. */
  publicKey: z.string(),
});

export const PushSubscriptionJson = z.object({
  endpoint: z.string().trim().min(1, 'endpoint is required').max(1000, 'endpoint is too long'),
  keys: z.object({
    p256dh: z.string().max(200, 'keys.p256dh is too long'),
    auth: z.string().max(100, 'keys.auth is too long'),
  }),
});

export const PushBoard = z.enum(['24hour', '7day']);
export const PushScope = z.enum(['individual', 'team']);

/** What a device wants. */
export const PushChoices = z.object({
  /** The racer the device said it is; null when none is chosen (personal messages off). */
  username: z.string().min(1).max(40).nullable(),
  /** "Someone passed me" on this rolling board (null: off), for the racer or their team. */
  passedBoard: PushBoard.nullable(),
  passedScope: PushScope,
  /** "An event I'm in has ended": rank, races, winnings. */
  eventEnded: z.boolean(),
  /** "My weekly requirement is at risk": on the last day of the team's week. */
  requirementRisk: z.boolean(),
  /** Staff: a daily "members need attention" summary of their team(s). */
  staffSummary: z.boolean(),
});
export type PushChoices = z.infer<typeof PushChoices>;

export const SavePushBody = PushChoices.extend({ subscription: PushSubscriptionJson });
export type SavePushBody = z.input<typeof SavePushBody>;

export const PushDeviceBody = z.object({
  endpoint: z.string().trim().min(1, 'endpoint is required').max(1000, 'endpoint is too long'),
});

/** The device's choices as saved; `subscribed` false when the server does not know the device. */
export const PushSettings = z.object({ subscribed: z.boolean(), choices: PushChoices.nullable() });
export type PushSettings = z.infer<typeof PushSettings>;

export const pushKey = endpoint({
  method: 'GET',
  path: '/api/push/key',
  cache: 'data',
  ok: PushKey,
  tags: ['push'],
  summary: 'The public key push subscriptions are made for',
});

export const savePushSubscription = endpoint({
  method: 'PUT',
  path: '/api/push/subscription',
  body: SavePushBody,
  ok: PushSettings,
  // 429: this address holds as many devices as it may; 503: the site holds as many as it takes.
  errors: errorAnswers(400, 401, 404, 429, 503),
  tags: ['push'],
  summary: "Save this device's push subscription and choices",
});

export const pushSubscriptionSettings = endpoint({
  method: 'POST',
  path: '/api/push/subscription/read',
  body: PushDeviceBody,
  ok: PushSettings,
  errors: errorAnswers(400),
  tags: ['push'],
  summary: "This device's saved choices",
});

export const removePushSubscription = endpoint({
  method: 'POST',
  path: '/api/push/subscription/remove',
  body: PushDeviceBody,
  ok: SuccessResponse,
  errors: errorAnswers(400, 404),
  tags: ['push'],
  summary: 'Stop push messages to this device',
});

export const markPushSeen = endpoint({
  method: 'POST',
  path: '/api/push/seen',
  body: PushDeviceBody,
  ok: SuccessResponse,
  errors: errorAnswers(400, 404),
  tags: ['push'],
  summary: 'The app was opened: the badge counts from now',
});
