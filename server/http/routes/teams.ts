/** GET /api/team-tags and GET /api/team-info: the tracked teams and their info card. */
import { teamInfo, teamTags } from '../../../contract/teams.js';
import { findTeam, trackedTeamTags } from '../../db/teams-repo.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const teams: RouteModule = (app, { db }) => {
  route(app, teamTags, async () => trackedTeamTags(db));

  route(app, teamInfo, async (request, reply) => {
    const t = await findTeam(db, request.query.tag);
    if (!t) return reply.code(404).send({ error: `Team ${request.query.tag} is not tracked` });
    return {
      Tag: t.tag,
      name: t.name,
      tagColor: t.tagColor,
      createdStamp: t.createdStamp ? t.createdStamp.toISOString() : null,
      captain: t.captainDisplayName,
      username: t.captainUsername,
      min_races: t.minRaces,
      min_speed: t.minSpeed,
      WeeklyRequirements: t.weeklyRequirement,
      otherRequirements: t.otherRequirements,
      lastPolledAt: t.lastPolledAt ? t.lastPolledAt.toISOString() : null,
    };
  });
};

export default teams;
