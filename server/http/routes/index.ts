/** Every /api route module, registered in this order under the /api prefix. */
import type { RouteModule } from '../context.js';
import teams from './teams.js';
import session from './session.js';

export const routeModules: RouteModule[] = [teams, session];
