/**
 * Web push for anyone, per device (contract/push.ts): GET /api/push/key, PUT /api/push/subscription
 * (endpoint on a known push service or PUSH_SERVICE_ORIGIN, browser-made keys, a racer that exists
 * for the personal messages, a staff session for the staff summary; a new device only while its
 * address, an IPv6 one as its /64, holds fewer than 40 (429) and the site fewer than 20,000 (503)),
 * POST /api/push/subscription/read and /remove, POST /api/push/seen. No answer or log holds an
 * endpoint or key.
 */
import {
  markPushSeen,
  pushKey,
  pushSubscriptionSettings,
  removePushSubscription,
  savePushSubscription,
  type PushChoices,
} from '../../../contract/push.js';
import {
  findChoices,
  markSeen,
  racerByUsername,
  removeSubscription,
  PUSH_LIMITS,
  saveSubscription,
  type PushChoicesRow,
} from '../../db/push-repo.js';
import { pushEndpointProblem, pushKeysProblem } from '../../push/push-endpoint.js';
import { vapidKeys } from '../../push/vapid-keys.js';
import { addressBucket } from '../../../rules/address-bucket.js';
import { SESSION_COOKIE, hashSessionId } from '../plugins/auth.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const NOT_SUBSCRIBED = { error: 'This device has no push subscription here' };

const choicesOf = (r: PushChoicesRow): PushChoices => ({
  username: r.username,
  passedBoard: r.passedBoard,
  passedScope: r.passedScope,
  eventEnded: r.eventEnded,
  requirementRisk: r.requirementRisk,
  staffSummary: r.staffUser !== null,
});

const push: RouteModule = (app, { db, config, now }) => {
  route(app, pushKey, async () => ({ publicKey: (await vapidKeys(db)).publicKey }));

  route(app, savePushSubscription, async (request, reply) => {
    const { subscription, username, passedBoard, passedScope, eventEnded, requirementRisk, staffSummary } =
      request.body;
    const problem =
      pushEndpointProblem(subscription.endpoint, config.pushServiceOrigins) ??
      pushKeysProblem(subscription.keys.p256dh, subscription.keys.auth);
    if (problem) return reply.code(400).send({ error: problem });
    const personal = passedBoard !== null || eventEnded || requirementRisk;
    if (!personal && !staffSummary) return reply.code(400).send({ error: 'Choose at least one kind of message' });
    if (personal && !username)
      return reply.code(400).send({ error: 'Choose who you are ("This is me") for your own messages' });
    const racer = username ? await racerByUsername(db, username) : null;
    if (username && !racer) return reply.code(404).send({ error: `No racer named ${username}` });
    const user = request.user;
    if (staffSummary && !user) return reply.code(401).send({ error: 'Log in as staff for the members summary' });
    const row: PushChoicesRow = {
      username: racer?.username ?? null,
      passedBoard,
      passedScope,
      eventEnded,
      requirementRisk,
      staffUser: staffSummary && user ? user.id : null,
    };
    // The session that chose the staff summary: logging out of it ends the summary (routes/login.ts).
    const sid = request.cookies[SESSION_COOKIE];
    const saved = await saveSubscription(
      db,
      {
        ...row,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        appOrigin: config.siteUrl ?? `${request.protocol}://${request.host}`,
        address: addressBucket(request.ip),
        staffSession: row.staffUser !== null && sid ? hashSessionId(sid) : null,
      },
      now(),
    );
    if ('refused' in saved) {
      reply.header('Retry-After', '3600');
      if (saved.refused === 'address')
        return reply.code(429).send({
          error: `Too many devices get notifications from this address (${PUSH_LIMITS.perAddress}); turn one off first`,
        });
      return reply.code(503).send({ error: 'This site takes no more devices for notifications; try again later' });
    }
    return { subscribed: true, choices: choicesOf(row) };
  });

  route(app, pushSubscriptionSettings, async (request) => {
    const row = await findChoices(db, request.body.endpoint);
    return row ? { subscribed: true, choices: choicesOf(row) } : { subscribed: false, choices: null };
  });

  route(app, removePushSubscription, async (request, reply) => {
    if (!(await removeSubscription(db, request.body.endpoint))) return reply.code(404).send(NOT_SUBSCRIBED);
    return { success: true as const };
  });

  route(app, markPushSeen, async (request, reply) => {
    if (!(await markSeen(db, request.body.endpoint, now()))) return reply.code(404).send(NOT_SUBSCRIBED);
    return { success: true as const };
  });
};

export default push;
