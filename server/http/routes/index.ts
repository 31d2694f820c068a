/** Every /api route module, registered under the /api prefix. Add one import and one entry per module. */
import type { RouteModule } from '../context.js';
import activity from './activity.js';
import adminEvents from './admin-events.js';
import backup from './backup.js';
import discord from './discord.js';
import events from './events.js';
import freeAgents from './free-agents.js';
import hallOfFame from './hall-of-fame.js';
import health from './health.js';
import leaderboards from './leaderboards.js';
import live from './live.js';
import login from './login.js';
import payouts from './payouts.js';
import push from './push.js';
import racers from './racers.js';
import racerPages from './racer-pages.js';
import roster from './roster.js';
import rosterHealth from './roster-health.js';
import requirements from './requirements.js';
import session from './session.js';
import squads from './squads.js';
import staff from './staff.js';
import site from './site.js';
import teams from './teams.js';
import trackers from './trackers.js';
import users from './users.js';

export const routeModules: RouteModule[] = [
  teams,
  session,
  site,
  racers,
  racerPages,
  events,
  roster,
  rosterHealth,
  requirements,
  activity,
  trackers,
  login,
  users,
  squads,
  staff,
  adminEvents,
  leaderboards,
  hallOfFame,
  freeAgents,
  health,
  backup,
  payouts,
  discord,
  push,
  live,
];
