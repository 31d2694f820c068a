import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDataVersion } from '../../server/db/data-version.js';
import { addRacer, addTeam, dbKinds, testApp, type TestContext } from './helpers.js';
import { addUser, auditActions, json, login } from './staff-helpers.js';

describe.each(dbKinds)('squads board writes on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const post = (url: string, payload: object, cookie = admin) =>
    t.app.inject({ method: 'POST', url, headers: json(cookie), payload });
  const roster = async (tag: string) =>
    Object.fromEntries(
      (
        (await t.app.inject(`/api/current-display-names?tag=${tag}`)).json() as Array<{
          Username: string;
          squad: string;
          SquadName: string | null;
        }>
      ).map((m) => [m.Username, { squad: m.squad, SquadName: m.SquadName }]),
    );

  beforeAll(async () => {
    t = await testApp(kind);
    await addTeam(t.db, 'ALPHA');
    await addTeam(t.db, 'BRAVO');
    await addRacer(t.db, { userId: 1, username: 'ann', tag: 'ALPHA' });
    await addRacer(t.db, { userId: 2, username: 'bob', tag: 'ALPHA' });
    await addRacer(t.db, { userId: 3, username: 'cyd', tag: 'BRAVO' });
    await addRacer(t.db, { userId: 4, username: 'exmember' });
    await addUser(t.db, { username: 'root', password: 'root-password', role: 'admin' });
    admin = await login(t.app, 'root', 'root-password');
  });
  afterAll(() => t.close());

  it('moves a member into a squad, to another, and back to Unassigned', async () => {
    const v0 = await readDataVersion(t.db);
    const res = await post('/api/update-member-squad', { username: 'ann', squad: 'Mango' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await roster('ALPHA')).ann.squad).toBe('Mango');
    expect(await readDataVersion(t.db)).toBe(v0 + 1);
    await post('/api/update-member-squad', { username: 'ANN', squad: 'Fig', tag: 'alpha' });
    expect((await roster('ALPHA')).ann.squad).toBe('Fig');
    await post('/api/update-member-squad', { username: 'ann', squad: 'Unassigned' });
    expect((await roster('ALPHA')).ann.squad).toBe('');
    await post('/api/update-member-squad', { username: 'ann', squad: 'Peach' });
    await post('/api/update-member-squad', { username: 'ann', squad: '' });
    expect((await roster('ALPHA')).ann.squad).toBe('');
    const { rows } = await t.db.query('SELECT 1 FROM squad_assignments WHERE user_id = 1');
    expect(rows).toEqual([]);
  });

  it('refuses an unknown squad, an unknown racer, a non-member and another team as the tag', async () => {
    await post('/api/update-member-squad', { username: 'bob', squad: 'Grape' });
    const cases: Array<[object, number, string | RegExp]> = [
      [{ username: 'bob', squad: 'Kiwi' }, 400, /^squad: Unknown squad/],
      [{ username: 'nobody', squad: 'Fig' }, 404, 'Racer nobody not found'],
      [{ username: 'exmember', squad: 'Fig' }, 404, 'exmember is not a current member of any team'],
      [{ username: 'bob', squad: 'Fig', tag: 'BRAVO' }, 404, 'bob is not a current member of BRAVO'],
      [{ squad: 'Fig' }, 400, /^username: /],
    ];
    for (const [body, status, error] of cases) {
      const res = await post('/api/update-member-squad', body);
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toMatch(error);
    }
    expect((await roster('ALPHA')).bob.squad).toBe('Grape');
  });

  it('sets a custom squad name, replaces it, and an empty name removes it', async () => {
    expect(
      (await post('/api/update-custom-squad-name', { tag: 'ALPHA', squad: 'Grape', customName: '  Grapes of Wrath ' }))
        .statusCode,
    ).toBe(200);
    expect((await roster('ALPHA')).bob.SquadName).toBe('Grapes of Wrath');
    await post('/api/update-custom-squad-name', { tag: 'alpha', squad: 'Grape', customName: 'Raisins' });
    expect((await roster('ALPHA')).bob.SquadName).toBe('Raisins');
    // Custom names are listed also for squads nobody is in yet.
    await post('/api/update-custom-squad-name', { tag: 'ALPHA', squad: 'Avocado', customName: 'Guac' });
    expect((await t.app.inject('/api/squad-names?tag=alpha')).json()).toEqual([
      { squad: 'Avocado', customName: 'Guac' },
      { squad: 'Grape', customName: 'Raisins' },
    ]);
    expect((await t.app.inject('/api/squad-names?tag=BRAVO')).json()).toEqual([]);
    await post('/api/update-custom-squad-name', { tag: 'ALPHA', squad: 'Avocado', customName: '' });
    await post('/api/update-custom-squad-name', { tag: 'ALPHA', squad: 'Grape', customName: '' });
    expect((await roster('ALPHA')).bob.SquadName).toBeNull();
    expect((await t.db.query("SELECT 1 FROM squad_names WHERE tag = 'ALPHA'")).rows).toEqual([]);
  });

  it('refuses to rename Unassigned, an unknown team or a too long name', async () => {
    const cases: Array<[object, number, string | RegExp]> = [
      [{ tag: 'ALPHA', squad: 'Unassigned', customName: 'x' }, 400, /^squad: Unknown squad/],
      [{ tag: 'NOPE', squad: 'Fig', customName: 'x' }, 404, 'Team NOPE is not tracked'],
      [
        { tag: 'ALPHA', squad: 'Fig', customName: 'x'.repeat(41) },
        400,
        'customName: Squad name is too long (40 characters at most)',
      ],
    ];
    for (const [body, status, error] of cases) {
      const res = await post('/api/update-custom-squad-name', body);
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toMatch(error);
    }
    expect((await t.db.query('SELECT 1 FROM squad_names')).rows).toEqual([]);
  });

  it('audits assignments and renames with before and after', async () => {
    expect(await auditActions(t.db)).toEqual(expect.arrayContaining(['squad.assign', 'squad.rename']));
    const { rows } = await t.db.query<{ detail: Record<string, unknown> }>(
      "SELECT detail FROM audit_log WHERE action = 'squad.assign' ORDER BY id LIMIT 2",
    );
    expect(rows.map((r) => r.detail)).toEqual([
      { tag: 'ALPHA', username: 'ann', from: null, to: 'Mango' },
      { tag: 'ALPHA', username: 'ann', from: 'Mango', to: 'Fig' },
    ]);
  });
});
