/**
 * POST /api/update-member-squad and POST /api/update-custom-squad-name: squad writes, for an admin
 * or the teamadmin of the team concerned (403 for any other team, 401 when logged out). And
 * GET /api/squad-names?tag, the custom names the squads board shows (also for empty squads).
 */
import { squadNames, updateMemberSquad, updateSquadName } from '../../../contract/staff.js';
import { UNASSIGNED } from '../../../contract/squads.js';
import { currentTeams, findRacer, listSquadNames, setMemberSquad, setSquadName } from '../../db/squads-repo.js';
import { teamExists } from '../../db/users-repo.js';
import { canManageTeam } from '../plugins/auth.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const OTHER_TEAM = 'You can only manage squads of your own team';

const squads: RouteModule = (app, { db, now }) => {
  route(app, squadNames, async (request) => listSquadNames(db, request.query.tag));

  route(app, updateMemberSquad, async (request, reply) => {
    const user = request.user!;
    const { username, squad, tag: sentTag } = request.body;
    if (sentTag && !canManageTeam(user, sentTag)) return reply.code(403).send({ error: OTHER_TEAM });
    const racer = await findRacer(db, username);
    if (!racer) return reply.code(404).send({ error: `Racer ${username} not found` });
    const teams = await currentTeams(db, racer.userId);
    const tag = sentTag ?? teams[0];
    if (!tag || !teams.includes(tag)) {
      return reply.code(404).send({ error: `${racer.username} is not a current member of ${sentTag ?? 'any team'}` });
    }
    if (!canManageTeam(user, tag)) return reply.code(403).send({ error: OTHER_TEAM });
    await setMemberSquad(db, user.username, now(), tag, racer, squad === '' || squad === UNASSIGNED ? null : squad);
    return { success: true as const };
  });

  route(app, updateSquadName, async (request, reply) => {
    const user = request.user!;
    const { tag, squad, customName } = request.body;
    if (!canManageTeam(user, tag)) return reply.code(403).send({ error: OTHER_TEAM });
    if (!(await teamExists(db, tag))) return reply.code(404).send({ error: `Team ${tag} is not tracked` });
    await setSquadName(db, user.username, now(), tag, squad, customName);
    return { success: true as const };
  });
};

export default squads;
