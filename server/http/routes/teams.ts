/** GET /api/team-tags and GET /api/team-info: the tracked teams and their info card. */
import { z } from 'zod';
import { TeamInfo, teamInfo, teamTags } from '../../../contract/teams.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const teams: RouteModule = (app, { db }) => {
  route(app, teamTags, async () => {
    const { rows } = await db.query<{ tag: string }>('SELECT tag FROM teams WHERE tracked ORDER BY tag');
    return rows.map((r) => r.tag);
  });

  route(app, teamInfo, async (request, reply) => {
    const { rows } = await db.query<{
      tag: string;
      name: string | null;
      tag_color: string | null;
      created_stamp: Date | null;
      captain_display_name: string | null;
      captain_username: string | null;
      min_races: number | null;
      min_speed: number | null;
      weekly_requirement: number | null;
      other_requirements: string | null;
    }>('SELECT * FROM teams WHERE tag = $1', [request.query.tag]);
    const t = rows[0];
    if (!t) return reply.code(404).send({ error: `Team ${request.query.tag} is not tracked` });
    return {
      Tag: t.tag,
      name: t.name,
      tagColor: t.tag_color,
      createdStamp: t.created_stamp ? t.created_stamp.toISOString() : null,
      captain: t.captain_display_name,
      username: t.captain_username,
      min_races: t.min_races,
      min_speed: t.min_speed,
      WeeklyRequirements: t.weekly_requirement,
      otherRequirements: t.other_requirements,
    } satisfies z.infer<typeof TeamInfo>;
  });
};

export default teams;
