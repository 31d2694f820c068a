/**
 * GET /api/requirement-strikes?tag (a team's strike history, public; read per minute as well, as
 * a strike's expiry follows the week) and GET / PUT /api/admin/requirement-settings (an admin, or
 * the teamadmin of that team: 403 for another team, 401 when logged out).
 */
import {
  requirementSettings as requirementSettingsEndpoint,
  requirementStrikes,
  saveRequirementSettings as saveRequirementSettingsEndpoint,
  type RequirementSettings,
} from '../../../contract/requirements.js';
import { dayKeyOf, weekStartOf } from '../../../rules/site-time.js';
import { strikeActive, strikeExpiresOn } from '../../../rules/weekly-requirement.js';
import { writeAudit } from '../../db/audit.js';
import type { Queryable } from '../../db/database.js';
import { getWebhook } from '../../db/discord-repo.js';
import { publicChange } from '../../db/public-change.js';
import { requirementSettings, saveRequirementSettings, teamStrikes } from '../../db/requirements-repo.js';
import { canManageTeam } from '../plugins/auth.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const OTHER_TEAM = 'You can only manage the requirements of your own team';

const requirements: RouteModule = (app, { db, config, now }) => {
  const tz = config.siteTimezone;
  const notTracked = (tag: string) => ({ error: `Team ${tag} is not tracked` });

  route(app, requirementStrikes, async (request, reply) => {
    const { tag } = request.query;
    const settings = await requirementSettings(db, tag);
    if (!settings) return reply.code(404).send(notTracked(tag));
    const weekStart = weekStartOf(dayKeyOf(now(), tz));
    return {
      Tag: tag,
      StrikeWeeks: settings.strikeWeeks,
      WeekStart: weekStart,
      strikes: (await teamStrikes(db, tag)).map((s) => ({
        Week: s.week,
        UserID: s.userId,
        Username: s.username,
        CurrentDisplayName: s.displayName,
        Owed: s.owed,
        Races: s.races,
        ExpiresOn: strikeExpiresOn(s.week, settings.strikeWeeks),
        Active: strikeActive(s.week, weekStart, settings.strikeWeeks),
      })),
    };
  });

  const settingsOf = async (q: Queryable, tag: string): Promise<RequirementSettings | undefined> => {
    const s = await requirementSettings(q, tag);
    if (!s) return undefined;
    return {
      tag,
      gameWeekly: s.gameWeekly,
      override: s.override,
      requirement: s.requirement,
      strikeWeeks: s.strikeWeeks,
      atRiskWeekday: s.atRiskWeekday,
      discordConnected: (await getWebhook(q, tag)) !== null,
    };
  };

  route(app, requirementSettingsEndpoint, async (request, reply) => {
    const { tag } = request.query;
    if (!canManageTeam(request.user!, tag)) return reply.code(403).send({ error: OTHER_TEAM });
    const settings = await settingsOf(db, tag);
    return settings ?? reply.code(404).send(notTracked(tag));
  });

  route(app, saveRequirementSettingsEndpoint, async (request, reply) => {
    const user = request.user!;
    const { tag, override, strikeWeeks, atRiskWeekday } = request.body;
    if (!canManageTeam(user, tag)) return reply.code(403).send({ error: OTHER_TEAM });
    if (!(await requirementSettings(db, tag))) return reply.code(404).send(notTracked(tag));
    const at = now();
    return publicChange(db, async (tx) => {
      await saveRequirementSettings(tx, tag, { override, strikeWeeks, atRiskWeekday }, at);
      await writeAudit(tx, {
        actor: user.username,
        action: 'team.requirement',
        at,
        detail: { tag, override, strikeWeeks, atRiskWeekday },
      });
      return (await settingsOf(tx, tag))!;
    });
  });
};

export default requirements;
