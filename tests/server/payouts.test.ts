/**
 * Event payouts: the winners and amounts of a pay-to-play event worked out by hand, marking paid
 * and unpaid by staff with audit rows, the shown difference when the standings change after a
 * mark, and bad input (unknown event, racer not a winner, stale amount) changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpDataVersion } from '../../server/db/data-version.js';
import type { Database } from '../../server/db/database.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, type TestContext } from './helpers.js';
import { addUser, json, login } from './staff-helpers.js';

const at = (iso: string) => new Date(iso);

/**
 * Event 1 (ALPHA BRAVO, 2026-03-02 18:00Z to 21:00Z): MinRaces 2, QualifyingRaces 4,
 * RaceIncrement 2, PayoutIncrement 3, Cap 20, ×1.5 at 96 %, ×2 at 98 %.
 *   ann  10 races, acc .99: floor((10−2)/2) = 4 × 3 = 12 × 2 = 24, capped → 20.00
 *   bob   7 races, acc .97: floor(5/2) = 2 × 3 = 6 × 1.5              →  9.00
 *   eve   4 races, acc .99: floor(2/2) = 1 × 3 × 2                    →  6.00
 *   dan   5 races, acc .90: floor(3/2) = 1 × 3                        →  3.00
 *   cat   3 races: below QualifyingRaces                              →  none
 * Total 38.00. Event 2 has no pay-to-play settings.
 */
async function seed(db: Database) {
  for (const tag of ['ALPHA', 'BRAVO', 'CHARLIE']) await addTeam(db, tag);
  await addRacer(db, { userId: 1, username: 'ann', displayName: 'Ann A', tag: 'ALPHA' });
  await addRacer(db, { userId: 2, username: 'bob', displayName: 'Bobby', tag: 'BRAVO' });
  await addRacer(db, { userId: 3, username: 'cat', tag: 'ALPHA' });
  await addRacer(db, { userId: 4, username: 'dan', displayName: 'Dan', tag: 'BRAVO' });
  await addRacer(db, { userId: 5, username: 'eve', displayName: 'Eve', tag: 'ALPHA' });
  await db.query(
    `INSERT INTO events (event_id, title, start_time, end_time, min_races, qualifying_races, race_increment, payout_increment, cap, acc_bonus96, acc_bonus98) VALUES
       (1, 'Cup', '2026-03-02T18:00:00Z', '2026-03-02T21:00:00Z', 2, 4, 2, 3, 20, 1.5, 2),
       (2, 'Free', '2026-03-02T18:00:00Z', '2026-03-02T21:00:00Z', NULL, NULL, NULL, NULL, NULL, NULL, NULL)`,
  );
  await db.query(
    `INSERT INTO event_teams (event_id, tag, position) VALUES (1, 'ALPHA', 0), (1, 'BRAVO', 1), (2, 'ALPHA', 0)`,
  );
  await addBatches(db, [
    { userId: 1, tag: 'ALPHA', endTime: at('2026-03-02T18:30:00Z'), races: 10, typed: 1000, errs: 10, secs: 120 },
    { userId: 2, tag: 'BRAVO', endTime: at('2026-03-02T18:30:00Z'), races: 7, typed: 1000, errs: 30, secs: 120 },
    { userId: 3, tag: 'ALPHA', endTime: at('2026-03-02T18:30:00Z'), races: 3, typed: 1000, errs: 0, secs: 120 },
    { userId: 4, tag: 'BRAVO', endTime: at('2026-03-02T18:30:00Z'), races: 5, typed: 1000, errs: 100, secs: 120 },
    { userId: 5, tag: 'ALPHA', endTime: at('2026-03-02T18:30:00Z'), races: 4, typed: 1000, errs: 10, secs: 120 },
  ]);
}

async function changed(db: Database) {
  db.dataChanges.notify(await bumpDataVersion(db));
}

interface Row {
  Username: string;
  Winnings: number | null;
  Paid: boolean;
  PaidAmount: number | null;
  PaidAt: string | null;
  Owed: number;
  Overpaid: number;
}

describe.each(dbKinds)('event payouts on %s', (kind) => {
  let t: TestContext;
  let captA: string;
  let captB: string;
  let captC: string;
  let admin: string;

  beforeAll(async () => {
    t = await testApp(kind, new Date('2026-03-10T18:00:00Z'));
    await seed(t.db);
    await addUser(t.db, { username: 'captA', password: 'pw-captA', role: 'teamadmin', teamTag: 'ALPHA' });
    await addUser(t.db, { username: 'captB', password: 'pw-captB', role: 'teamadmin', teamTag: 'BRAVO' });
    await addUser(t.db, { username: 'captC', password: 'pw-captC', role: 'teamadmin', teamTag: 'CHARLIE' });
    await addUser(t.db, { username: 'root', password: 'pw-root', role: 'admin' });
    captA = await login(t.app, 'captA', 'pw-captA');
    captB = await login(t.app, 'captB', 'pw-captB');
    captC = await login(t.app, 'captC', 'pw-captC');
    admin = await login(t.app, 'root', 'pw-root');
  });
  afterAll(() => t.close());

  const get = async (id: number | string) => t.app.inject(`/api/event-payouts/${id}`);
  const mark = (cookie: string | undefined, id: number | string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/event-payouts/${id}/mark`, headers: json(cookie), payload });
  const brief = (rows: Row[]) => rows.map((r) => [r.Username, r.Winnings, r.Paid, r.PaidAmount, r.Owed, r.Overpaid]);
  const marks = async () =>
    (
      await t.db.query(
        'SELECT event_id, user_id::int AS user_id, amount_cents::int AS cents, paid_by FROM payout_marks ORDER BY user_id',
      )
    ).rows;
  const audit = async () =>
    (
      await t.db.query<{ actor: string; action: string; at: Date; detail: unknown }>(
        "SELECT actor, action, at, detail FROM audit_log WHERE action LIKE 'payout.%' ORDER BY id",
      )
    ).rows.map((r) => ({ ...r, detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail }));

  it('lists the winners with hand-computed amounts, all unpaid at first', async () => {
    const res = await get(1);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.paysOut).toBe(true);
    expect(brief(body.payouts)).toEqual([
      ['ann', 20, false, null, 20, 0],
      ['bob', 9, false, null, 9, 0],
      ['eve', 6, false, null, 6, 0],
      ['dan', 3, false, null, 3, 0],
    ]);
    expect(body.payouts[0]).toMatchObject({
      CurrentDisplayName: 'Ann A',
      TeamTag: 'ALPHA',
      TotalRaces: 10,
      Accuracy: 0.99,
      bot: 0,
      PaidAt: null,
    });
    expect(body.totals).toEqual({ Winners: 4, Winnings: 38, Paid: 0, Owed: 38, Overpaid: 0 });
  });

  it('answers an event without pay-to-play with no winners', async () => {
    const res = await get(2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      paysOut: false,
      payouts: [],
      totals: { Winners: 0, Winnings: 0, Paid: 0, Owed: 0, Overpaid: 0 },
    });
  });

  it('marks paid: the teamadmin of the racer’s team, and an admin; audited with who and when', async () => {
    const a = await mark(captB, 1, { Username: 'bob', Paid: true, Amount: 9 });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toEqual({
      success: true,
      Username: 'bob',
      Paid: true,
      PaidAmount: 9,
      PaidAt: '2026-03-10 13:00:00',
    });
    t.setNow(new Date('2026-03-10T18:05:00Z'));
    const b = await mark(admin, 1, { Username: 'ANN', Paid: true, Amount: 20 });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toMatchObject({ Username: 'ann', PaidAmount: 20, PaidAt: '2026-03-10 13:05:00' });

    expect(await marks()).toEqual([
      { event_id: 1, user_id: 1, cents: 2000, paid_by: 'root' },
      { event_id: 1, user_id: 2, cents: 900, paid_by: 'captB' },
    ]);
    expect(await audit()).toEqual([
      {
        actor: 'captB',
        action: 'payout.paid',
        at: new Date('2026-03-10T18:00:00Z'),
        detail: { eventId: 1, username: 'bob', amount: 9 },
      },
      {
        actor: 'root',
        action: 'payout.paid',
        at: new Date('2026-03-10T18:05:00Z'),
        detail: { eventId: 1, username: 'ann', amount: 20 },
      },
    ]);

    const body = (await get(1)).json();
    expect(brief(body.payouts)).toEqual([
      ['ann', 20, true, 20, 0, 0],
      ['bob', 9, true, 9, 0, 0],
      ['eve', 6, false, null, 6, 0],
      ['dan', 3, false, null, 3, 0],
    ]);
    expect(body.payouts[1].PaidAt).toBe('2026-03-10 13:00:00');
    expect(body.totals).toEqual({ Winners: 4, Winnings: 38, Paid: 29, Owed: 9, Overpaid: 0 });
  });

  it('shows the difference when the standings change after a mark, and refuses a stale amount', async () => {
    // bob races 2 more (9 races, typed 1200, errs 36: acc .97): floor(7/2) = 3 × 3 × 1.5 = 13.50.
    await addBatches(t.db, [
      { userId: 2, tag: 'BRAVO', endTime: at('2026-03-02T19:00:00Z'), races: 2, typed: 200, errs: 6, secs: 30 },
    ]);
    // The cap falls to 16: ann's 24 is capped at 16, below the 20 paid.
    await t.db.query('UPDATE events SET cap = 16 WHERE event_id = 1');
    await changed(t.db);
    const body = (await get(1)).json();
    expect(brief(body.payouts)).toEqual([
      ['ann', 16, true, 20, 0, 4],
      ['bob', 13.5, true, 9, 4.5, 0],
      ['eve', 6, false, null, 6, 0],
      ['dan', 3, false, null, 3, 0],
    ]);
    // Winnings 16 + 13.5 + 6 + 3 = 38.5; paid 20 + 9 = 29; owed 4.5 + 6 + 3 = 13.5; overpaid 20 − 16 = 4.
    expect(body.totals).toEqual({ Winners: 4, Winnings: 38.5, Paid: 29, Owed: 13.5, Overpaid: 4 });

    const before = await marks();
    const stale = await mark(captB, 1, { Username: 'bob', Paid: true, Amount: 9 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toContain('$13.50');
    expect(await marks()).toEqual(before);

    const again = await mark(captB, 1, { Username: 'bob', Paid: true, Amount: 13.5 });
    expect(again.statusCode, again.body).toBe(200);
    expect((await audit()).at(-1)).toMatchObject({
      actor: 'captB',
      action: 'payout.paid',
      detail: { eventId: 1, username: 'bob', amount: 13.5, previousAmount: 9 },
    });
    expect((await get(1)).json().totals).toEqual({ Winners: 4, Winnings: 38.5, Paid: 33.5, Owed: 9, Overpaid: 4 });
  });

  it('marks unpaid, audited; unmarking an unpaid racer changes nothing', async () => {
    t.setNow(new Date('2026-03-10T18:10:00Z'));
    const res = await mark(admin, 1, { Username: 'ann', Paid: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, Username: 'ann', Paid: false, PaidAmount: null, PaidAt: null });
    expect((await audit()).at(-1)).toEqual({
      actor: 'root',
      action: 'payout.unpaid',
      at: new Date('2026-03-10T18:10:00Z'),
      detail: { eventId: 1, username: 'ann', amount: 20 },
    });
    const rows = (await get(1)).json().payouts as Row[];
    expect(rows[0]).toMatchObject({
      Username: 'ann',
      Winnings: 16,
      Paid: false,
      PaidAmount: null,
      Owed: 16,
      Overpaid: 0,
    });

    const count = (await audit()).length;
    const again = await mark(admin, 1, { Username: 'eve', Paid: false });
    expect(again.statusCode).toBe(200);
    expect((await audit()).length).toBe(count);
  });

  it('lets a teamadmin mark only their own team’s racers in a shared event', async () => {
    const before = JSON.stringify([await marks(), await audit()]);
    // dan ($3) and bob (marked 13.50) race for BRAVO: ALPHA's teamadmin may neither mark nor unmark them.
    const dan = await mark(captA, 1, { Username: 'dan', Paid: true, Amount: 3 });
    expect(dan.statusCode, dan.body).toBe(403);
    expect(dan.json()).toEqual({
      error: "dan races for BRAVO: only that team's teamadmin or an admin can mark their payout",
    });
    const bob = await mark(captA, 1, { Username: 'bob', Paid: false });
    expect(bob.statusCode, bob.body).toBe(403);
    expect(bob.json().error).toEqual(expect.any(String));
    // Nothing changed: dan has no mark, bob keeps his, no audit row.
    expect(JSON.stringify([await marks(), await audit()])).toBe(before);
    expect((await marks()).map((m) => m.user_id)).toEqual([2]);

    // fay exists but did not race in the event: 404, for a mark and an unmark alike.
    await addRacer(t.db, { userId: 6, username: 'fay', tag: 'CHARLIE' });
    for (const [cookie, payload] of [
      [captA, { Username: 'fay', Paid: true, Amount: 1 }],
      [captA, { Username: 'fay', Paid: false }],
      [admin, { Username: 'fay', Paid: false }],
    ] as const) {
      const res = await mark(cookie, 1, payload);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ error: 'fay is not in event 1' });
    }
    expect(JSON.stringify([await marks(), await audit()])).toBe(before);

    // Their own racer: eve races for ALPHA.
    const eve = await mark(captA, 1, { Username: 'eve', Paid: true, Amount: 6 });
    expect(eve.statusCode, eve.body).toBe(200);
    // An admin marks any team's racer.
    const byAdmin = await mark(admin, 1, { Username: 'dan', Paid: true, Amount: 3 });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await marks()).map((m) => [m.user_id, m.cents, m.paid_by])).toEqual([
      [2, 1350, 'captB'],
      [4, 300, 'root'],
      [5, 600, 'captA'],
    ]);
    for (const username of ['eve', 'dan'])
      expect((await mark(admin, 1, { Username: username, Paid: false })).statusCode).toBe(200);
  });

  it('refuses callers who may not manage the event, and bad input, changing nothing', async () => {
    const before = JSON.stringify([await marks(), await audit()]);
    const cases: Array<[string | undefined, number | string, object, number]> = [
      [undefined, 1, { Username: 'eve', Paid: true, Amount: 6 }, 401],
      [captC, 1, { Username: 'eve', Paid: true, Amount: 6 }, 403],
      [admin, 999, { Username: 'eve', Paid: true, Amount: 6 }, 404],
      [admin, 'abc', { Username: 'eve', Paid: true, Amount: 6 }, 400],
      [admin, 1, { Username: 'cat', Paid: true, Amount: 1 }, 404],
      [admin, 1, { Username: 'nobody', Paid: true, Amount: 1 }, 404],
      [admin, 2, { Username: 'ann', Paid: true, Amount: 1 }, 404],
      [admin, 1, { Username: 'eve', Paid: true }, 400],
      [admin, 1, { Username: 'eve', Paid: true, Amount: -6 }, 400],
      [admin, 1, { Username: 'eve', Paid: 'yes', Amount: 6 }, 400],
      [admin, 1, { Username: '', Paid: true, Amount: 6 }, 400],
      [admin, 1, { Paid: true, Amount: 6 }, 400],
    ];
    for (const [cookie, id, payload, status] of cases) {
      const res = await mark(cookie, id, payload);
      expect(res.statusCode, `${JSON.stringify(payload)} → ${res.body}`).toBe(status);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect(JSON.stringify([await marks(), await audit()])).toBe(before);
    expect((await get(999)).statusCode).toBe(404);
    expect((await get(999)).json().error).toBe('Event 999 not found');
    expect((await get('x1')).statusCode).toBe(400);
  });
});
