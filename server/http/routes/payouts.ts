/**
 * GET /api/event-payouts/{eventId}: an event's winners, their winnings and whether they are paid
 * (public, like the Winnings column it comes from; cached per data version by plugins/public-cache.ts).
 * POST /api/event-payouts/{eventId}/mark: marks one winner paid or unpaid, for an admin or, for
 * the racers of their own team, the teamadmin of a team in the event; audited, and a public change
 * (visitors see the paid state).
 */
import { eventPayouts, markPayout } from '../../../contract/payouts.js';
import { writeAudit } from '../../db/audit.js';
import { findEvent, racerTeamTotals } from '../../db/events-repo.js';
import { clearPaid, listPayoutMarks, markedAmount, setPaid } from '../../db/payouts-repo.js';
import { publicChange } from '../../db/public-change.js';
import { findRacer } from '../../db/squads-repo.js';
import { participants } from '../../../rules/event-results.js';
import { buildPayouts, toCents, winnerCents } from '../../../rules/payouts.js';
import { formatSiteDateTime } from '../../../rules/site-time.js';
import { paysOut } from '../../../rules/winnings.js';
import { canManageTeam } from '../plugins/auth.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const OTHER_TEAM = 'You can only manage payouts of events of your own team';
const OTHER_RACER = "only that team's teamadmin or an admin can mark their payout";
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const payouts: RouteModule = (app, { db, config, now }) => {
  const tz = config.siteTimezone;

  route(app, eventPayouts, async (request, reply) => {
    const ev = await findEvent(db, request.params.eventId, tz, now());
    if (!ev) return reply.code(404).send({ error: `Event ${request.params.eventId} not found` });
    const [totals, marks] = await Promise.all([racerTeamTotals(db, ev, tz), listPayoutMarks(db, ev.id, tz)]);
    return { paysOut: paysOut(ev.event), ...buildPayouts(participants(totals, ev.tags, ev.event), marks) };
  });

  route(app, markPayout, async (request, reply) => {
    const user = request.user!;
    const { Username, Paid, Amount } = request.body;
    if (Paid && Amount === undefined)
      return reply.code(400).send({ error: 'Amount is required to mark a payout paid' });
    const ev = await findEvent(db, request.params.eventId, tz, now());
    if (!ev) return reply.code(404).send({ error: `Event ${request.params.eventId} not found` });
    if (!ev.tags.some((tag) => canManageTeam(user, tag))) return reply.code(403).send({ error: OTHER_TEAM });
    const racer = await findRacer(db, Username);
    if (!racer) return reply.code(404).send({ error: `Racer ${Username} not found` });
    // A teamadmin marks only the racers of their own team: the team of the racer's latest activity
    // in the event, as the list shows it. An admin may also clear a mark left on someone no
    // longer in the event.
    const entry = participants(await racerTeamTotals(db, ev, tz), ev.tags, ev.event).find(
      (p) => p.Username === racer.username,
    );
    const staleMark =
      !entry && user.role === 'admin' && !Paid && (await markedAmount(db, ev.id, racer.userId)) !== null;
    if (!entry && !staleMark) {
      return reply.code(404).send({ error: `${racer.username} is not in event ${ev.id}` });
    }
    if (entry && !canManageTeam(user, entry.TeamTag)) {
      return reply.code(403).send({ error: `${racer.username} races for ${entry.TeamTag}: ${OTHER_RACER}` });
    }
    const at = now();

    if (!Paid) {
      await publicChange(db, async (tx) => {
        const amount = await clearPaid(tx, ev.id, racer.userId);
        if (amount !== null) {
          await writeAudit(tx, {
            actor: user.username,
            action: 'payout.unpaid',
            at,
            detail: { eventId: ev.id, username: racer.username, amount: amount / 100 },
          });
        }
        return amount;
      });
      return { success: true as const, Username: racer.username, Paid: false, PaidAmount: null, PaidAt: null };
    }

    const won = entry ? winnerCents(entry) : null;
    if (won === null && entry?.Withheld != null) {
      return reply.code(409).send({
        error: `${racer.username} is a flagged racer and event ${ev.id} does not pay flagged racers: nothing to mark`,
      });
    }
    if (won === null) return reply.code(404).send({ error: `${racer.username} has no winnings in event ${ev.id}` });
    if (toCents(Amount!) !== won) {
      return reply.code(409).send({
        error: `The winnings of ${racer.username} are now ${money(won)}, not ${money(toCents(Amount!))}: reload and check before marking`,
      });
    }
    await publicChange(db, async (tx) => {
      const before = await setPaid(tx, {
        eventId: ev.id,
        userId: racer.userId,
        amountCents: won,
        at,
        by: user.username,
      });
      await writeAudit(tx, {
        actor: user.username,
        action: 'payout.paid',
        at,
        detail: {
          eventId: ev.id,
          username: racer.username,
          amount: won / 100,
          ...(before !== null ? { previousAmount: before / 100 } : {}),
        },
      });
    });
    return {
      success: true as const,
      Username: racer.username,
      Paid: true,
      PaidAmount: won / 100,
      PaidAt: formatSiteDateTime(at, tz),
    };
  });
};

export default payouts;
