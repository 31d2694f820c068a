/** Every /api route module, registered under the /api prefix. Add one import and one entry per module. */
import type { RouteModule } from '../context.js';
import session from './session.js';
import site from './site.js';
import teams from './teams.js';

export const routeModules: RouteModule[] = [
  teams,
  session,
  site,
];
