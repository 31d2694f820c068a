/**
 * A team's Discord connection, for an admin or the teamadmin of that team (403 for another team,
 * 401 when logged out): GET /api/admin/discord?tag (settings; the webhook URL only as its last 4
 * characters; the posts of unknown outcome), PUT /api/admin/discord (set or replace the URL,
 * choose the posts), DELETE /api/admin/discord/:tag, POST /api/admin/discord/post-again (queue a
 * post of unknown outcome again) and POST /api/admin/discord/test (posts a test message now).
 */
import crypto from 'node:crypto';
import {
  discordSettings,
  postDiscordAgain,
  removeDiscordWebhook,
  saveDiscordSettings,
  sendDiscordTest,
  type DiscordSettings,
} from '../../../contract/discord.js';
import { writeAudit } from '../../db/audit.js';
import type { Queryable } from '../../db/database.js';
import {
  enqueue,
  getWebhook,
  listUnconfirmed,
  markFailed,
  markSent,
  markUnknown,
  postAgain,
  removeWebhook,
  saveWebhook,
} from '../../db/discord-repo.js';
import { teamExists } from '../../db/users-repo.js';
import { testMessage } from '../../discord/embeds.js';
import { postWebhook } from '../../discord/post-webhook.js';
import { urlEnding, webhookUrlProblem } from '../../discord/webhook-url.js';
import { canManageTeam } from '../plugins/auth.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const OTHER_TEAM = 'You can only manage the Discord connection of your own team';
const UNCONFIRMED_DAYS = 7;
const UNCONFIRMED_SHOWN = 10;

const discord: RouteModule = (app, { db, now, config }) => {
  const settingsOf = async (q: Queryable, tag: string): Promise<DiscordSettings> => {
    const w = await getWebhook(q, tag);
    const since = new Date(now().getTime() - UNCONFIRMED_DAYS * 24 * 3600_000);
    const unconfirmed = await listUnconfirmed(q, tag, since, UNCONFIRMED_SHOWN);
    return {
      tag,
      connected: w !== null,
      urlEnding: w ? urlEnding(w.url) : null,
      eventStandings: w?.eventStandings ?? true,
      dailyTop: w?.dailyTop ?? true,
      memberLog: w?.memberLog ?? false,
      linksOn: Boolean(config.siteUrl),
      unconfirmed: unconfirmed.map((m) => ({
        id: m.id,
        title: m.title,
        attemptedAt: m.attemptedAt.toISOString(),
        reason: m.error ?? 'no answer',
      })),
    };
  };

  route(app, discordSettings, async (request, reply) => {
    const { tag } = request.query;
    if (!canManageTeam(request.user!, tag)) return reply.code(403).send({ error: OTHER_TEAM });
    if (!(await teamExists(db, tag))) return reply.code(404).send({ error: `Team ${tag} is not tracked` });
    return settingsOf(db, tag);
  });

  route(app, saveDiscordSettings, async (request, reply) => {
    const user = request.user!;
    const { tag, url, eventStandings, dailyTop, memberLog } = request.body;
    if (!canManageTeam(user, tag)) return reply.code(403).send({ error: OTHER_TEAM });
    if (!(await teamExists(db, tag))) return reply.code(404).send({ error: `Team ${tag} is not tracked` });
    const problem = url === undefined ? null : webhookUrlProblem(url, config.discordWebhookOrigins);
    if (problem) return reply.code(400).send({ error: problem });
    return db.transaction(async (tx) => {
      const current = await getWebhook(tx, tag);
      const newUrl = url ?? current?.url;
      if (!newUrl) return reply.code(400).send({ error: 'url is required: paste the webhook URL from Discord' });
      const at = now();
      await saveWebhook(tx, { tag, url: newUrl, eventStandings, dailyTop, memberLog }, user.username, at);
      await writeAudit(tx, {
        actor: user.username,
        action: 'discord.update',
        at,
        detail: {
          tag,
          eventStandings,
          dailyTop,
          memberLog,
          ...(url !== undefined && url !== current?.url ? { urlEnding: urlEnding(newUrl) } : {}),
        },
      });
      return settingsOf(tx, tag);
    });
  });

  route(app, removeDiscordWebhook, async (request, reply) => {
    const user = request.user!;
    const { tag } = request.params;
    if (!canManageTeam(user, tag)) return reply.code(403).send({ error: OTHER_TEAM });
    const removed = await db.transaction(async (tx) => {
      if (!(await removeWebhook(tx, tag))) return false;
      await writeAudit(tx, { actor: user.username, action: 'discord.remove', at: now(), detail: { tag } });
      return true;
    });
    if (!removed) return reply.code(404).send({ error: `${tag} has no Discord webhook` });
    return { success: true as const };
  });

  route(app, postDiscordAgain, async (request, reply) => {
    const user = request.user!;
    const { tag, id } = request.body;
    if (!canManageTeam(user, tag)) return reply.code(403).send({ error: OTHER_TEAM });
    return db.transaction(async (tx) => {
      const at = now();
      if (!(await postAgain(tx, tag, id, at)))
        return reply.code(404).send({ error: `${tag} has no post ${id} waiting to be checked` });
      await writeAudit(tx, { actor: user.username, action: 'discord.post-again', at, detail: { tag, id } });
      return settingsOf(tx, tag);
    });
  });

  route(app, sendDiscordTest, async (request, reply) => {
    const user = request.user!;
    const { tag } = request.body;
    if (!canManageTeam(user, tag)) return reply.code(403).send({ error: OTHER_TEAM });
    const w = await getWebhook(db, tag);
    if (!w) return reply.code(404).send({ error: `${tag} has no Discord webhook: save one first` });
    const payload = testMessage({ tag, by: user.username, siteUrl: config.siteUrl });
    // Recorded in the outbox like every message (as being sent, so the background sender leaves
    // it alone), but tried once only: a late test is no use.
    const period = `${now().toISOString()} ${crypto.randomBytes(4).toString('hex')}`;
    const id = (await enqueue(db, { tag, kind: 'test', period, payload, at: now(), sendingNow: true }))!;
    const outcome = await postWebhook(w.url, payload, { timeoutMs: config.discordTimeoutMs });
    if (outcome.kind === 'sent') {
      await markSent(db, id, now());
      return { delivered: true, message: 'Test message posted' };
    }
    if (outcome.kind === 'unknown') {
      const message = `Sent, ${outcome.error}: look in the channel before sending another`;
      await markUnknown(db, id, message);
      request.log.warn({ tag, outboxId: id }, 'Discord test message outcome unknown');
      return { delivered: false, message };
    }
    const message =
      outcome.kind === 'rate-limited'
        ? `Discord asked to wait ${Math.ceil(outcome.retryAfterMs / 1000)} s: try again then`
        : `Not posted: ${outcome.error}`;
    await markFailed(db, id, message);
    request.log.warn({ tag, outboxId: id }, 'Discord test message not posted');
    return { delivered: false, message };
  });
};

export default discord;
