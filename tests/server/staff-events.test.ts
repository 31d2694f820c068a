import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDataVersion } from '../../server/db/data-version.js';
import { addTeam, dbKinds, testApp, type TestContext } from './helpers.js';
import { addUser, auditActions, json, login } from './staff-helpers.js';

const NOW = new Date('2026-03-10T18:00:00Z'); // 13:00 CDT
const FORM = {
  Title: 'Spring Sprint',
  Description: 'Two days',
  TeamTag: 'alpha  bravo',
  StartTime: '2026-03-12T19:00',
  EndTime: '2026-03-14 19:00:00',
};
const SETTINGS = {
  MinRaces: 100,
  QualifyingRaces: 150,
  RaceIncrement: 50,
  PayoutIncrement: 500000,
  Cap: 10000000.5,
  AccBonus96: 1.25,
  AccBonus98: 1.5,
};

describe.each(dbKinds)('event administration on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: payload ? json(admin) : { cookie: admin }, ...(payload ? { payload } : {}) });
  const teamEvents = async (tag: string) =>
    (await t.app.inject(`/api/team-events?tag=${tag}`)).json() as Array<Record<string, unknown>>;

  beforeAll(async () => {
    t = await testApp(kind, NOW);
    for (const tag of ['ALPHA', 'BRAVO', 'CHARLIE']) await addTeam(t.db, tag);
    await addUser(t.db, { username: 'root', password: 'root-password', role: 'admin' });
    admin = await login(t.app, 'root', 'root-password');
  });
  afterAll(() => t.close());

  it('creates an event from the form, times read in CT, with no pay-to-play settings', async () => {
    const v0 = await readDataVersion(t.db);
    const res = await call('POST', '/api/admin/events', FORM);
    expect(res.statusCode).toBe(200);
    const { event } = res.json();
    expect(event).toEqual({
      EventID: expect.any(Number),
      Title: 'Spring Sprint',
      Description: 'Two days',
      Status: 'Pending',
      StartTime: '2026-03-12 19:00:00',
      EndTime: '2026-03-14 19:00:00',
      TeamTag: 'ALPHA BRAVO',
      DefaultSort: 'Races',
      OwnerTag: 'ALPHA',
      MinRaces: null,
      QualifyingRaces: null,
      RaceIncrement: null,
      PayoutIncrement: null,
      Cap: null,
      AccBonus96: null,
      AccBonus98: null,
      PayFlagged: false,
    });
    const { rows } = await t.db.query<{ start_time: Date; end_time: Date }>(
      'SELECT start_time, end_time FROM events WHERE event_id = $1',
      [event.EventID],
    );
    expect(rows[0].start_time.toISOString()).toBe('2026-03-13T00:00:00.000Z'); // 19:00 CDT = UTC-5
    expect(rows[0].end_time.toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect((await teamEvents('BRAVO')).map((e) => e.EventID)).toContain(event.EventID);
    expect(await readDataVersion(t.db)).toBe(v0 + 1);
  });

  it('derives the status from the times: Active from start through end, then Concluded', async () => {
    const { event } = (
      await call('POST', '/api/admin/events', {
        ...FORM,
        TeamTag: 'CHARLIE',
        StartTime: '2026-03-10 12:00:00',
        EndTime: '2026-03-10 13:00:00',
        DefaultSort: 'Points',
      })
    ).json();
    expect(event).toMatchObject({ Status: 'Active', DefaultSort: 'Points', TeamTag: 'CHARLIE' });
    t.setNow(new Date(NOW.getTime() + 1000));
    expect((await teamEvents('CHARLIE')).find((e) => e.EventID === event.EventID)!.Status).toBe('Concluded');
    t.setNow(NOW);
  });

  it('edits the form fields and the team list', async () => {
    const { event } = (await call('POST', '/api/admin/events', FORM)).json();
    const res = await call('PUT', `/api/admin/events/${event.EventID}`, {
      Title: 'Renamed',
      Description: '',
      TeamTag: 'CHARLIE alpha',
      StartTime: '2026-03-01T00:00',
      EndTime: '2026-03-02T00:00',
      DefaultSort: 'WPM',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({
      EventID: event.EventID,
      Title: 'Renamed',
      Description: '',
      TeamTag: 'CHARLIE ALPHA',
      Status: 'Concluded',
      StartTime: '2026-03-01 00:00:00',
      EndTime: '2026-03-02 00:00:00',
      DefaultSort: 'WPM',
    });
    expect((await teamEvents('BRAVO')).some((e) => e.EventID === event.EventID)).toBe(false);
    expect((await teamEvents('CHARLIE')).some((e) => e.EventID === event.EventID)).toBe(true);
  });

  it('saves the seven pay-to-play settings, integers and decimals, keeping the form as it was', async () => {
    const { event } = (await call('POST', '/api/admin/events', FORM)).json();
    const res = await call('PUT', `/api/admin/events/${event.EventID}`, SETTINGS);
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toEqual({ ...event, ...SETTINGS });
    const zeroes = Object.fromEntries(Object.keys(SETTINGS).map((k) => [k, 0]));
    expect((await call('PUT', `/api/admin/events/${event.EventID}`, zeroes)).json().event).toMatchObject(zeroes);
  });

  it('refuses bad settings and changes nothing', async () => {
    const { event } = (await call('POST', '/api/admin/events', FORM)).json();
    await call('PUT', `/api/admin/events/${event.EventID}`, SETTINGS);
    const cases: Array<[object, string]> = [
      [{ ...SETTINGS, MinRaces: -1 }, 'MinRaces: MinRaces must be 0 or more'],
      [{ ...SETTINGS, RaceIncrement: 2.5 }, 'RaceIncrement: RaceIncrement must be a whole number'],
      [{ ...SETTINGS, Cap: '10' }, 'Cap: Cap must be a number'],
      [
        { MinRaces: 1, Cap: 2 },
        'All pay-to-play settings are required (missing QualifyingRaces, RaceIncrement, PayoutIncrement, AccBonus96, AccBonus98)',
      ],
      [{}, 'Nothing to update'],
    ];
    for (const [body, error] of cases) {
      const res = await call('PUT', `/api/admin/events/${event.EventID}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    expect((await teamEvents('ALPHA')).find((e) => e.EventID === event.EventID)).toMatchObject(SETTINGS);
  });

  it('refuses missing fields, unknown tags, too many teams and an end before the start', async () => {
    const count = async () => (await t.db.query('SELECT 1 FROM events')).rows.length;
    const before = await count();
    const eleven = Array.from({ length: 11 }, (_, i) => `T${i}`).join(' ');
    const cases: Array<[object, string]> = [
      [{}, 'Title, Team Tag(s), Start Time, End Time required'],
      [{ ...FORM, Title: '  ' }, 'Title required'],
      [{ ...FORM, TeamTag: 'ALPHA NOPE ZZZ' }, 'Unknown team tags: NOPE, ZZZ'],
      [{ ...FORM, TeamTag: eleven }, 'An event has at most 10 teams'],
      [{ ...FORM, EndTime: '2026-03-12T18:59' }, 'End Time cannot be before Start Time'],
      [{ ...FORM, StartTime: '12/03/2026' }, 'Start Time is not a valid date and time'],
      [{ ...FORM, DefaultSort: 'Speed' }, expect.stringMatching(/^DefaultSort: /) as unknown as string],
    ];
    for (const [body, error] of cases) {
      const res = await call('POST', '/api/admin/events', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    expect(await count()).toBe(before);
    const { event } = (await call('POST', '/api/admin/events', FORM)).json();
    const bad = await call('PUT', `/api/admin/events/${event.EventID}`, { ...FORM, TeamTag: 'NOPE' });
    expect(bad.json()).toEqual({ error: 'Unknown team tag: NOPE' });
    expect((await teamEvents('ALPHA')).find((e) => e.EventID === event.EventID)).toMatchObject({
      TeamTag: 'ALPHA BRAVO',
    });
  });

  it('deletes an event and its team links; a second delete is 404', async () => {
    const { event } = (await call('POST', '/api/admin/events', FORM)).json();
    const res = await call('DELETE', `/api/admin/events/${event.EventID}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, EventID: event.EventID });
    expect((await teamEvents('ALPHA')).some((e) => e.EventID === event.EventID)).toBe(false);
    expect((await t.db.query('SELECT 1 FROM event_teams WHERE event_id = $1', [event.EventID])).rows).toEqual([]);
    expect((await call('DELETE', `/api/admin/events/${event.EventID}`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/admin/events/${event.EventID}`, FORM)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/events/abc')).statusCode).toBe(400);
    expect((await call('DELETE', '/api/admin/events/9999999999')).statusCode).toBe(404);
  });

  it('an admin chooses the owner among the teams; it stays unless changed, or goes to the first team', async () => {
    const created = await call('POST', '/api/admin/events', { ...FORM, OwnerTag: 'bravo' });
    expect(created.statusCode, created.body).toBe(200);
    const { event } = created.json();
    expect(event.OwnerTag).toBe('BRAVO');
    const url = `/api/admin/events/${event.EventID}`;
    // Edited without an owner: BRAVO stays while it is one of the teams.
    expect((await call('PUT', url, { ...FORM, TeamTag: 'CHARLIE BRAVO' })).json().event.OwnerTag).toBe('BRAVO');
    // BRAVO left out without a new owner: the first team, CHARLIE.
    expect((await call('PUT', url, { ...FORM, TeamTag: 'CHARLIE ALPHA' })).json().event.OwnerTag).toBe('CHARLIE');
    const outside = await call('PUT', url, { ...FORM, TeamTag: 'CHARLIE ALPHA', OwnerTag: 'BRAVO' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toBe("The owner team BRAVO must be one of the event's teams");
    expect((await teamEvents('ALPHA')).find((e) => e.EventID === event.EventID)).toMatchObject({
      OwnerTag: 'CHARLIE',
      TeamTag: 'CHARLIE ALPHA',
    });
  });

  it("a teamadmin runs the shared events their team owns, not the others'", async () => {
    await addUser(t.db, { username: 'capt', password: 'capt-password', role: 'teamadmin', teamTag: 'BRAVO' });
    const capt = await login(t.app, 'capt', 'capt-password');
    const as = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: payload ? json(capt) : { cookie: capt }, ...(payload ? { payload } : {}) });

    const mine = await as('POST', '/api/admin/events', { ...FORM, TeamTag: 'ALPHA BRAVO CHARLIE' });
    expect(mine.statusCode, mine.body).toBe(200);
    const { event } = mine.json();
    expect(event.OwnerTag).toBe('BRAVO');
    const url = `/api/admin/events/${event.EventID}`;
    expect((await as('PUT', url, { ...FORM, TeamTag: 'BRAVO ALPHA', Title: 'Renamed' })).statusCode).toBe(200);
    const paid = await as('PUT', url, { ...SETTINGS, PayFlagged: true });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().event).toMatchObject({ Title: 'Renamed', PayoutIncrement: 500000, PayFlagged: true });
    // Settings without PayFlagged keep it; PayFlagged alone changes only it.
    expect((await as('PUT', url, SETTINGS)).json().event.PayFlagged).toBe(true);
    expect((await as('PUT', url, { PayFlagged: false })).json().event).toMatchObject({
      PayFlagged: false,
      PayoutIncrement: 500000,
    });

    const giveAway = await as('PUT', url, { ...FORM, TeamTag: 'ALPHA' });
    expect(giveAway.statusCode).toBe(403);
    expect(giveAway.json().error).toBe(
      'BRAVO owns this event: it must stay one of its teams (an admin can change the owner)',
    );
    const choose = await as('PUT', url, { ...FORM, TeamTag: 'ALPHA BRAVO', OwnerTag: 'ALPHA' });
    expect(choose.statusCode).toBe(403);
    expect(choose.json().error).toBe('Only an admin can choose the owner team');
    const notMine = await as('POST', '/api/admin/events', { ...FORM, TeamTag: 'ALPHA CHARLIE' });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error).toBe("Your team BRAVO must be one of the event's teams");

    const theirs = (await call('POST', '/api/admin/events', { ...FORM, TeamTag: 'ALPHA BRAVO' })).json().event;
    expect(theirs.OwnerTag).toBe('ALPHA');
    for (const [method, payload] of [
      ['PUT', { ...FORM, TeamTag: 'ALPHA BRAVO' }],
      ['PUT', SETTINGS],
      ['PUT', { PayFlagged: true }],
      ['DELETE', undefined],
    ] as const) {
      const res = await as(method, `/api/admin/events/${theirs.EventID}`, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ALPHA owns this event: only its team admins or an admin can change it');
    }
    expect((await as('DELETE', url)).statusCode).toBe(200);
  });

  it('audits every kind of event change', async () => {
    expect(await auditActions(t.db)).toEqual(
      expect.arrayContaining([
        'event.create',
        'event.update',
        'event.pay-to-play',
        'event.pay-flagged',
        'event.delete',
      ]),
    );
  });
});
