/**
 * The server the browser tests run against (one per Playwright worker, playwright.config.ts): a
 * fresh in-memory database with a small demo community (4 simulated teams, 9 days of 10-minute
 * history, sample events and squads), the staff accounts admin / admin-password-123 (admin) and
 * captain / captain-password-123 (teamadmin of the first team), and a copy of the built app from
 * STATIC_DIR (its own, so a spec may publish a "new build" to its server alone: GET
 * /e2e/static-dir), on E2E_PORT. POST /e2e/poll runs one collector poll of the demo community;
 * POST /e2e/discord queues and sends the due Discord posts once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.js';
import { migrate } from '../../server/db/migrate.js';
import { openPglite } from '../../server/db/pglite.js';
import { buildApp } from '../../server/http/app.js';
import { startDemoCommunity } from '../../server/demo/demo-community.js';
import { pollTeams } from '../../server/collector/poll.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { enqueueDue } from '../../server/discord/enqueue-due.js';
import { deliverDue } from '../../server/discord/deliver.js';
import { judgeClosedWeeks } from '../../server/db/requirements-repo.js';

const port = Number(process.env.E2E_PORT ?? 4173);
// The built app copied, with the page-drawing bundle beside it as the server looks for it
// (server/http/page-drawing.ts serverRenderPath), linked so that its imports resolve from here.
const built = path.resolve(process.env.STATIC_DIR ?? 'dist');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-e2e-'));
const staticDir = path.join(copy, 'dist');
fs.cpSync(built, staticDir, { recursive: true });
fs.symlinkSync(path.join(path.dirname(built), 'dist-server'), path.join(copy, 'dist-server'));

const db = await openPglite();
await migrate(db);
// Discord webhooks in the browser tests point back at this server, which answers as Discord does
// (a webhook whose token starts with "no-answer" answers only after the 3 s timeout).
const config = {
  ...loadConfig({}),
  port,
  demo: true,
  discordWebhookOrigins: [`http://127.0.0.1:${port}`],
  discordTimeoutMs: 3000,
  // Push subscriptions the browser tests make point back at this server too (POST /e2e/push-sink/...).
  pushServiceOrigins: [`http://127.0.0.1:${port}`],
};
// The server's clock; a spec may move it (POST /e2e/clock) and must move it back.
let clockShiftMs = 0;
const now = () => new Date(Date.now() + clockShiftMs);
const demo = await startDemoCommunity({
  db,
  tz: config.siteTimezone,
  log: console,
  now,
  teams: 4,
  racersPerTeam: 20,
  days: 9,
});
await db.query(
  `INSERT INTO users (username, password_hash, role, team_tag) VALUES ('admin', $1, 'admin', NULL), ('captain', $2, 'teamadmin', $3)`,
  [await hashPassword('admin-password-123'), await hashPassword('captain-password-123'), demo.tags[0]],
);
// The teams as if followed since before the last complete week: that week is judged, with strikes to show.
await db.query(`UPDATE memberships SET first_seen = first_seen - interval '21 days'`);
await judgeClosedWeeks(db, now(), config.siteTimezone);
// Pages are drawn however busy the test machine is: the tests of drawing must see one every time.
const app = await buildApp({ db, config, now }, { staticDir, drawBudgetMs: 10_000 });
app.post<{ Params: { token: string } }>('/api/webhooks/:id/:token', async (request, reply) => {
  if (request.params.token.startsWith('no-answer')) await new Promise((resolve) => setTimeout(resolve, 5000));
  return reply.code(204).send();
});
app.post('/e2e/discord', async () => {
  await enqueueDue(db, { now: now(), tz: config.siteTimezone });
  return deliverDue(db, { now, log: app.log, timeoutMs: config.discordTimeoutMs });
});
app.post<{ Body: { shiftMs: number } }>('/e2e/clock', async (request) => {
  clockShiftMs = Number(request.body.shiftMs) || 0;
  return { shiftMs: clockShiftMs };
});
app.get('/e2e/static-dir', async () => ({ dir: staticDir }));
app.post('/e2e/push-sink/:device', async (_request, reply) => reply.code(201).send());
// Specs run a collector poll of the demo community on demand (live.spec.ts); outside /api, test server only.
app.post('/e2e/poll', async () => {
  const run = await pollTeams({ db, base: demo.baseUrl, now: new Date(), tz: config.siteTimezone, delayMs: 0 });
  return { ok: run.ok, failed: run.failed };
});
await app.listen({ port, host: '127.0.0.1' });
console.log(`e2e server on http://127.0.0.1:${port} (teams ${demo.tags.join(', ')})`);

// A signal to the process group reaches this process twice (from the group, and forwarded by tsx).
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await app.close();
  await demo.close();
  await db.close();
  fs.rmSync(copy, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
