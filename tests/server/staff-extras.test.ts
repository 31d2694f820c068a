import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRacer, addTeam, dbKinds, testApp, type TestContext } from './helpers.js';
import { addUser, json, login } from './staff-helpers.js';

describe.each(dbKinds)('bot flags, tracked teams and the audit log on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: payload ? json(admin) : { cookie: admin }, ...(payload ? { payload } : {}) });
  const botOf = async (username: string) =>
    (
      (await t.app.inject('/api/current-display-names?tag=ALPHA')).json() as Array<{ Username: string; bot: number }>
    ).find((m) => m.Username === username)!.bot;

  beforeAll(async () => {
    t = await testApp(kind);
    await addTeam(t.db, 'ALPHA');
    await addRacer(t.db, { userId: 11, username: 'robo', displayName: 'Robo Racer', tag: 'ALPHA' });
    await addRacer(t.db, { userId: 12, username: 'human', tag: 'ALPHA' });
    await addUser(t.db, { username: 'root', password: 'root-password', role: 'admin' });
    admin = await login(t.app, 'root', 'root-password');
  });
  afterAll(() => t.close());

  it('flags and unflags a racer as a bot; the roster shows it', async () => {
    expect(await botOf('robo')).toBe(0);
    const res = await call('PUT', '/api/admin/bot-flags/ROBO', { bot: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, username: 'robo', bot: true });
    expect(await botOf('robo')).toBe(1);
    expect(await botOf('human')).toBe(0);
    const list = (await call('GET', '/api/admin/bot-flags')).json();
    expect(list).toEqual([
      {
        userID: 11,
        username: 'robo',
        displayName: 'Robo Racer',
        flaggedBy: 'root',
        flaggedAt: '2026-03-10T18:00:00.000Z',
      },
    ]);
    // Flagging twice changes nothing and writes no second audit entry.
    await call('PUT', '/api/admin/bot-flags/robo', { bot: true });
    expect((await t.db.query("SELECT 1 FROM audit_log WHERE action = 'bot.flag'")).rows.length).toBe(1);
    await call('PUT', '/api/admin/bot-flags/robo', { bot: false });
    expect(await botOf('robo')).toBe(0);
    expect((await call('GET', '/api/admin/bot-flags')).json()).toEqual([]);
  });

  it('refuses an unknown racer and a body without bot', async () => {
    const unknown = await call('PUT', '/api/admin/bot-flags/nobody', { bot: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Racer nobody not found' });
    const bad = await call('PUT', '/api/admin/bot-flags/robo', { bot: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'bot: bot must be true or false' });
    expect((await call('GET', '/api/admin/bot-flags')).json()).toEqual([]);
  });

  it('adds, stops and resumes tracking a team; /api/team-tags follows', async () => {
    const tags = async () => (await t.app.inject('/api/team-tags')).json();
    expect(await tags()).toEqual(['ALPHA']);
    const add = await call('POST', '/api/admin/tracked-teams', { tag: ' newt ' });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toEqual({ success: true, tag: 'NEWT', tracked: true });
    expect(await tags()).toEqual(['ALPHA', 'NEWT']);
    expect((await call('GET', '/api/admin/tracked-teams')).json()).toEqual([
      { tag: 'ALPHA', name: 'Team ALPHA', tracked: true, lastPolledAt: null, failingSince: null, lastError: null },
      { tag: 'NEWT', name: null, tracked: true, lastPolledAt: null, failingSince: null, lastError: null },
    ]);
    expect((await call('DELETE', '/api/admin/tracked-teams/alpha')).json()).toEqual({
      success: true,
      tag: 'ALPHA',
      tracked: false,
    });
    expect(await tags()).toEqual(['NEWT']);
    // The team's history stays: its members are still there.
    expect((await t.db.query("SELECT 1 FROM memberships WHERE tag = 'ALPHA'")).rows.length).toBe(2);
    await call('POST', '/api/admin/tracked-teams', { tag: 'ALPHA' });
    expect(await tags()).toEqual(['ALPHA', 'NEWT']);
    expect((await call('DELETE', '/api/admin/tracked-teams/ZZZ')).statusCode).toBe(404);
    const bad = await call('POST', '/api/admin/tracked-teams', { tag: 'no way!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'tag: tag must be letters and digits' });
  });

  it('lists the audit log newest first, in pages', async () => {
    const first = await call('GET', '/api/admin/audit-log?limit=3');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.entries.map((e: { action: string }) => e.action)).toEqual([
      'team.track',
      'team.untrack',
      'team.track',
    ]);
    expect(page1.entries[0]).toMatchObject({ actor: 'root', at: '2026-03-10T18:00:00.000Z', detail: { tag: 'ALPHA' } });
    const page2 = (await call('GET', `/api/admin/audit-log?limit=3&before=${page1.nextBefore}`)).json();
    expect(page2.entries.map((e: { action: string }) => e.action)).toEqual(['bot.unflag', 'bot.flag']);
    expect(page2.nextBefore).toBeNull();
    expect((await call('GET', '/api/admin/audit-log?limit=0')).statusCode).toBe(400);
  });
});
