import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeam, dbKinds, testApp, type TestContext } from './helpers.js';

describe.each(dbKinds)('team routes on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind);
    await addTeam(t.db, 'ZETA', { name: 'Zeta Racers', weekly_requirement: 0 });
    await addTeam(t.db, 'ALPHA', { name: 'Alpha', weekly_requirement: 250, min_races: 1000, min_speed: 60 });
    await t.db.query("INSERT INTO teams (tag, tracked) VALUES ('GONE', false)");
  });
  afterAll(() => t.close());

  it('lists tracked tags in order', async () => {
    const res = await t.app.inject('/api/team-tags');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['ALPHA', 'ZETA']);
  });

  it('returns the info card fields, null where unknown', async () => {
    const res = await t.app.inject('/api/team-info?tag=alpha');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      Tag: 'ALPHA',
      name: 'Alpha',
      tagColor: null,
      createdStamp: null,
      captain: null,
      username: null,
      min_races: 1000,
      min_speed: 60,
      WeeklyRequirements: 250,
      otherRequirements: null,
      lastPolledAt: null,
    });
  });

  it('answers an unknown tag with 404 and a JSON error', async () => {
    const res = await t.app.inject('/api/team-info?tag=NOPE');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/not tracked/);
  });

  it('answers a missing or malformed tag with 400', async () => {
    expect((await t.app.inject('/api/team-info')).statusCode).toBe(400);
    const bad = await t.app.inject('/api/team-info?tag=a%20b;');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTruthy();
  });

  it('reports an anonymous caller as logged out', async () => {
    expect((await t.app.inject('/api/me')).json()).toEqual({ logged_in: false, username: null, role: null });
    expect((await t.app.inject('/api/my-team-tag')).json()).toEqual({ teamTag: null });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
  });
});
