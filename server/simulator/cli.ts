/**
 * Runs the simulated game's team API on its own, on the real clock, for manual use:
 *   npx tsx server/simulator/cli.ts [--port 4100] [--seed 1] [--teams 10]
 *     [--racers-per-team 30] [--days 35]
 * then e.g. `curl http://127.0.0.1:4100/api/v2/teams/<TAG>`.
 */
import { parseArgs } from 'node:util';
import { GameSimulator } from './game-simulator.js';
import { startSimulatorServer } from './server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4100' },
    seed: { type: 'string', default: '1' },
    teams: { type: 'string', default: '10' },
    'racers-per-team': { type: 'string', default: '30' },
    days: { type: 'string', default: '35' },
  },
});

const int = (name: string, raw: string, min: number): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be an integer >= ${min}`);
    process.exit(2);
  }
  return n;
};

const days = int('days', values.days, 0);
const sim = new GameSimulator({
  seed: int('seed', values.seed, 0),
  teams: int('teams', values.teams, 1),
  racersPerTeam: int('racers-per-team', values['racers-per-team'], 10),
  start: new Date(Date.now() - days * 86_400_000),
});
const server = await startSimulatorServer({ sim, now: () => new Date(), port: int('port', values.port, 0) });
console.log(`Simulated game API at ${server.baseUrl}`);
console.log(`Teams: ${sim.tags.join(' ')}`);
console.log(`Try: curl ${server.baseUrl}/teams/${sim.tags[0]}`);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
