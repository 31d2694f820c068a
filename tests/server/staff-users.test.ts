import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRacer, addTeam, dbKinds, testApp, type TestContext } from './helpers.js';
import { addUser, auditActions, json, login } from './staff-helpers.js';

describe.each(dbKinds)('user management on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let adminId: number;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
    t.app.inject({ method, url, headers: payload ? json(cookie) : { cookie }, ...(payload ? { payload } : {}) });
  const users = async () => (await call('GET', '/api/users')).json() as Array<Record<string, unknown>>;

  beforeAll(async () => {
    t = await testApp(kind);
    await addTeam(t.db, 'ALPHA');
    await addRacer(t.db, { userId: 777, username: 'speedy', tag: 'ALPHA' });
    adminId = await addUser(t.db, { username: 'root', password: 'root-password', role: 'admin' });
    admin = await login(t.app, 'root', 'root-password');
  });
  afterAll(() => t.close());

  it('lists users with their racer link, never a password hash', async () => {
    const res = await call('GET', '/api/users');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const [root] = res.json();
    expect(root).toEqual({
      id: adminId,
      username: 'root',
      role: 'admin',
      userID: null,
      teamTag: null,
      racerUsername: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      last_login: '2026-03-10T18:00:00.000Z',
    });
    expect(res.body).not.toMatch(/argon2|password/);
  });

  it('adds a user (default role teamadmin) who can then log in', async () => {
    const res = await call('POST', '/api/users', { username: 'newcap', password: 'pw-123456789', userID: '777' });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    const row = (await users()).find((u) => u.id === id)!;
    expect(row).toMatchObject({
      username: 'newcap',
      role: 'teamadmin',
      userID: '777',
      teamTag: null,
      racerUsername: 'speedy',
      last_login: null,
    });
    const cookie = await login(t.app, 'newcap', 'pw-123456789');
    // No team granted: the linked racer's team (ALPHA) gives no rights.
    expect((await t.app.inject({ url: '/api/my-team-tag', headers: { cookie } })).json()).toEqual({ teamTag: null });
    const { rows } = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
  });

  it('gives the spec messages for missing fields, and changes nothing', async () => {
    const before = await users();
    for (const body of [{}, { username: 'x' }, { password: 'y' }, { username: ' ', password: 'y' }]) {
      const res = await call('POST', '/api/users', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Username and password required' });
    }
    expect(await users()).toEqual(before);
  });

  it('refuses a duplicate username (any case), a bad role, a bad user ID and an unknown team', async () => {
    const before = await users();
    const dup = await call('POST', '/api/users', { username: 'ROOT', password: 'long-enough-pw' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'Username already exists' });
    expect(
      (await call('POST', '/api/users', { username: 'a', password: 'long-enough-pw', role: 'owner' })).statusCode,
    ).toBe(400);
    const badId = await call('POST', '/api/users', { username: 'a', password: 'long-enough-pw', userID: '12ab' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toBe('userID: User ID must be a number');
    const team = await call('POST', '/api/users', { username: 'a', password: 'long-enough-pw', teamTag: 'NOPE' });
    expect(team.statusCode).toBe(400);
    expect(team.json()).toEqual({ error: 'Unknown team tag NOPE' });
    expect(await users()).toEqual(before);
  });

  it('refuses a username holding invisible, formatting or control characters, and changes nothing', async () => {
    const { id } = (await call('POST', '/api/users', { username: 'plainname', password: 'plainname-password' })).json();
    const before = await users();
    for (const [username, found] of [
      ['tool\u200badmin', 'U+200B'], // zero-width space: looks like "tooladmin"
      ['ad\u202emin', 'U+202E'], // right-to-left override
      ['a\u2066b\u2069', 'U+2066'], // an isolate
      ['tab\tname', 'U+0009'],
      ['no\u00a0break', 'U+00A0'],
      ['soft\u00adhyphen', 'U+00AD'],
      ['hangul\u3164filler', 'U+3164'],
    ]) {
      const expected = {
        error: `username: Username must not contain invisible, formatting or control characters (${found})`,
      };
      const created = await call('POST', '/api/users', { username, password: 'long-enough-pw' });
      expect(created.statusCode, username).toBe(400);
      expect(created.json()).toEqual(expected);
      const renamed = await call('PUT', `/api/users/${id}`, { username });
      expect(renamed.statusCode, username).toBe(400);
      expect(renamed.json()).toEqual(expected);
    }
    expect(await users()).toEqual(before);
  });

  it('edits username, role, user ID and team; "Username required" when blank', async () => {
    const { id } = (await call('POST', '/api/users', { username: 'editme', password: 'editme-password' })).json();
    const blank = await call('PUT', `/api/users/${id}`, { username: '', role: 'admin' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: 'Username required' });
    const res = await call('PUT', `/api/users/${id}`, {
      username: 'edited',
      role: 'teamadmin',
      userID: '',
      teamTag: 'alpha',
    });
    expect(res.statusCode).toBe(200);
    expect((await users()).find((u) => u.id === id)).toMatchObject({
      username: 'edited',
      role: 'teamadmin',
      userID: null,
      teamTag: 'ALPHA',
    });
    const taken = await call('PUT', `/api/users/${id}`, { username: 'Root' });
    expect(taken.statusCode).toBe(409);
    expect((await call('PUT', '/api/users/99999', { username: 'ghost' })).statusCode).toBe(404);
    expect((await call('PUT', '/api/users/abc', { username: 'ghost' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/users/99999999999', { username: 'ghost' })).statusCode).toBe(400);
  });

  it("changes a password: old one fails, new one works, the user's other sessions end", async () => {
    const { id } = (await call('POST', '/api/users', { username: 'pwuser', password: 'old-password-1' })).json();
    const theirs = await login(t.app, 'pwuser', 'old-password-1');
    const blank = await call('PUT', `/api/users/${id}`, { password: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: 'Password required' });
    for (const short of [' ', 'eleven-char', `${' '.repeat(6)}short${' '.repeat(6)}`]) {
      const res = await call('PUT', `/api/users/${id}`, { password: short });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Password must be at least 12 characters' });
    }
    const shortNew = await call('POST', '/api/users', { username: 'shorty', password: 'a'.repeat(11) });
    expect(shortNew.statusCode).toBe(400);
    expect(shortNew.json()).toEqual({ error: 'Password must be at least 12 characters' });
    expect((await t.db.query("SELECT 1 FROM users WHERE username = 'shorty'")).rows).toEqual([]);
    expect((await call('PUT', `/api/users/${id}`, { password: 'new-password-1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: theirs } })).json().logged_in).toBe(false);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'pwuser', password: 'old-password-1' },
    });
    expect(old.statusCode).toBe(401);
    await login(t.app, 'pwuser', 'new-password-1');
  });

  it('an admin changing their own password stays logged in', async () => {
    expect((await call('PUT', `/api/users/${adminId}`, { password: 'root-password-2' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: admin } })).json().logged_in).toBe(true);
  });

  it('never demotes or deletes the last admin', async () => {
    const demote = await call('PUT', `/api/users/${adminId}`, { username: 'root', role: 'teamadmin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ error: 'Cannot demote the last admin' });
    const del = await call('DELETE', `/api/users/${adminId}`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ error: 'Cannot delete the last admin' });
    expect((await users()).find((u) => u.id === adminId)).toMatchObject({ role: 'admin' });
    // With a second admin, the first can go; then the second is the last.
    const { id: second } = (
      await call('POST', '/api/users', { username: 'admin2', password: 'admin2-password', role: 'admin' })
    ).json();
    const a2 = await login(t.app, 'admin2', 'admin2-password');
    expect((await call('PUT', `/api/users/${adminId}`, { username: 'root', role: 'teamadmin' }, a2)).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/users/${second}`, undefined, a2)).json()).toEqual({
      error: 'Cannot delete the last admin',
    });
    expect((await call('PUT', `/api/users/${adminId}`, { username: 'root', role: 'admin' }, a2)).statusCode).toBe(200);
  });

  it('deletes a user and their sessions', async () => {
    const { id } = (await call('POST', '/api/users', { username: 'gone', password: 'gone-password' })).json();
    const theirs = await login(t.app, 'gone', 'gone-password');
    const res = await call('DELETE', `/api/users/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, id });
    expect((await users()).some((u) => u.id === id)).toBe(false);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: theirs } })).json().logged_in).toBe(false);
    expect((await call('DELETE', `/api/users/${id}`)).statusCode).toBe(404);
  });

  it('writes every change to the audit log without passwords', async () => {
    const actions = await auditActions(t.db);
    expect(actions).toEqual(expect.arrayContaining(['user.create', 'user.update', 'user.password', 'user.delete']));
    const { rows } = await t.db.query<{ detail: unknown }>('SELECT detail FROM audit_log');
    expect(JSON.stringify(rows)).not.toMatch(/pass|argon/i);
  });
});
