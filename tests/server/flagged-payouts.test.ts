/**
 * Flagged racers and pay-to-play winnings: a racer flagged as a bot earns nothing unless the
 * event's settings pay flagged racers, the others' winnings stay the formula's, and the viewer
 * and payout list say why. Amounts worked out by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, type TestContext } from './helpers.js';
import { addUser, json, login } from './staff-helpers.js';

const at = (iso: string) => new Date(iso);

/**
 * Event 1 (ALPHA BRAVO, owned by ALPHA, 2026-03-02 18:00Z to 21:00Z): MinRaces 2,
 * QualifyingRaces 4, RaceIncrement 2, PayoutIncrement 3, Cap 20, ×1.5 at 96 %, ×2 at 98 %.
 *   zed  12 races, acc .99, flagged: floor((12−2)/2) = 5 × 3 = 15 × 2 = 30, capped → 20.00
 *   ann  10 races, acc .99: floor(8/2) = 4 × 3 = 12 × 2 = 24, capped             → 20.00
 *   bob   7 races, acc .97: floor(5/2) = 2 × 3 = 6 × 1.5                          →  9.00
 * Flagged racers not paid: winners ann and bob, 29.00; zed withheld 20.00.
 * Flagged racers paid: ann, zed, bob, 49.00.
 */
async function seed(db: Database) {
  for (const tag of ['ALPHA', 'BRAVO']) await addTeam(db, tag);
  await addRacer(db, { userId: 1, username: 'ann', displayName: 'Ann', tag: 'ALPHA' });
  await addRacer(db, { userId: 2, username: 'bob', displayName: 'Bob', tag: 'BRAVO' });
  await addRacer(db, { userId: 3, username: 'zed', displayName: 'Zed', tag: 'ALPHA' });
  await db.query("INSERT INTO bot_flags (user_id, flagged_by) VALUES (3, 'root')");
  await db.query(
    `INSERT INTO events (event_id, title, start_time, end_time, owner_tag, min_races, qualifying_races, race_increment, payout_increment, cap, acc_bonus96, acc_bonus98) VALUES
       (1, 'Cup', '2026-03-02T18:00:00Z', '2026-03-02T21:00:00Z', 'ALPHA', 2, 4, 2, 3, 20, 1.5, 2)`,
  );
  await db.query(`INSERT INTO event_teams (event_id, tag, position) VALUES (1, 'ALPHA', 0), (1, 'BRAVO', 1)`);
  await addBatches(db, [
    { userId: 1, tag: 'ALPHA', endTime: at('2026-03-02T18:30:00Z'), races: 10, typed: 1000, errs: 10, secs: 120 },
    { userId: 2, tag: 'BRAVO', endTime: at('2026-03-02T18:30:00Z'), races: 7, typed: 1000, errs: 30, secs: 120 },
    { userId: 3, tag: 'ALPHA', endTime: at('2026-03-02T18:30:00Z'), races: 12, typed: 1000, errs: 10, secs: 120 },
  ]);
}

type Row = { Username: string; Winnings: number | null; Withheld: number | null; Paid: boolean; Owed: number };

describe.each(dbKinds)('flagged racers and winnings on %s', (kind) => {
  let t: TestContext;
  let captA: string;
  let admin: string;

  beforeAll(async () => {
    t = await testApp(kind, new Date('2026-03-10T18:00:00Z'));
    await seed(t.db);
    await addUser(t.db, { username: 'captA', password: 'pw-captA', role: 'teamadmin', teamTag: 'ALPHA' });
    await addUser(t.db, { username: 'root', password: 'pw-root', role: 'admin' });
    captA = await login(t.app, 'captA', 'pw-captA');
    admin = await login(t.app, 'root', 'pw-root');
  });
  afterAll(() => t.close());

  const payouts = async () => (await t.app.inject('/api/event-payouts/1')).json();
  const brief = (rows: Row[]) => rows.map((r) => [r.Username, r.Winnings, r.Withheld, r.Paid, r.Owed]);
  const participants = async () =>
    ((await t.app.inject('/api/event-participants/1')).json().participants as Row[]).map((p) => [
      p.Username,
      p.Winnings,
      p.Withheld,
    ]);
  const payFlagged = (cookie: string, on: boolean) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/events/1', headers: json(cookie), payload: { PayFlagged: on } });
  const mark = (cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/event-payouts/1/mark', headers: json(cookie), payload });

  it('pays a flagged racer nothing by default, and everyone else the formula', async () => {
    expect(await participants()).toEqual([
      ['zed', null, 20],
      ['ann', 20, null],
      ['bob', 9, null],
    ]);
    const body = await payouts();
    expect(brief(body.payouts)).toEqual([
      ['ann', 20, null, false, 20],
      ['bob', 9, null, false, 9],
      ['zed', null, 20, false, 0],
    ]);
    expect(body.payouts[2]).toMatchObject({ bot: 1, Overpaid: 0, PaidAmount: null });
    expect(body.totals).toEqual({ Winners: 2, Winnings: 29, Paid: 0, Owed: 29, Overpaid: 0 });
  });

  it('refuses to mark the flagged racer paid, changing nothing', async () => {
    const res = await mark(captA, { Username: 'zed', Paid: true, Amount: 20 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('zed is a flagged racer and event 1 does not pay flagged racers: nothing to mark');
    expect((await t.db.query('SELECT * FROM payout_marks')).rows).toEqual([]);
  });

  it('pays flagged racers when the settings say so; the others keep their amounts', async () => {
    const on = await payFlagged(captA, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().event.PayFlagged).toBe(true);
    expect(await participants()).toEqual([
      ['zed', 20, null],
      ['ann', 20, null],
      ['bob', 9, null],
    ]);
    const body = await payouts();
    expect(brief(body.payouts)).toEqual([
      ['ann', 20, null, false, 20],
      ['zed', 20, null, false, 20],
      ['bob', 9, null, false, 9],
    ]);
    expect(body.totals).toEqual({ Winners: 3, Winnings: 49, Paid: 0, Owed: 49, Overpaid: 0 });
    expect((await mark(captA, { Username: 'zed', Paid: true, Amount: 20 })).statusCode).toBe(200);
  });

  it('a paid flagged racer shows as overpaid once flagged racers stop being paid', async () => {
    expect((await payFlagged(admin, false)).json().event.PayFlagged).toBe(false);
    const body = await payouts();
    expect(body.payouts[2]).toMatchObject({
      Username: 'zed',
      Winnings: null,
      Withheld: 20,
      Paid: true,
      PaidAmount: 20,
      Owed: 0,
      Overpaid: 20,
    });
    expect(body.totals).toEqual({ Winners: 2, Winnings: 29, Paid: 20, Owed: 29, Overpaid: 20 });
    // The mark can still be taken back.
    expect((await mark(captA, { Username: 'zed', Paid: false })).statusCode).toBe(200);
    expect((await payouts()).totals).toEqual({ Winners: 2, Winnings: 29, Paid: 0, Owed: 29, Overpaid: 0 });
  });
});
