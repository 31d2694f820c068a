/** SQL for event administration: create, edit, pay-to-play settings, delete; each one audited. */
import type { PayToPlaySettings } from '../../contract/events.js';
import type { ParsedEventForm } from '../../rules/event-form.js';
import type { Database, Queryable } from './database.js';
import { writeAudit } from './audit.js';
import { publicChange } from './public-change.js';

/** The stored fields of an event: the checked Add/Edit Event form, as `parseEventForm` returns it. */

/** The tags of `tags` that are not a known team. */
export async function unknownTeams(db: Queryable, tags: string[]): Promise<string[]> {
  const { rows } = await db.query<{ tag: string }>('SELECT tag FROM teams WHERE tag = ANY($1::text[])', [tags]);
  const known = new Set(rows.map((r) => r.tag));
  return tags.filter((t) => !known.has(t));
}

async function writeTeams(tx: Queryable, id: number, tags: string[]): Promise<void> {
  await tx.query('DELETE FROM event_teams WHERE event_id = $1', [id]);
  for (const [i, tag] of tags.entries()) {
    await tx.query('INSERT INTO event_teams (event_id, tag, position) VALUES ($1, $2, $3)', [id, tag, i]);
  }
}

const auditFields = (f: ParsedEventForm, tz: (d: Date) => string) => ({
  title: f.title,
  teams: f.tags,
  start: tz(f.start),
  end: tz(f.end),
  defaultSort: f.defaultSort,
});

export async function createEvent(
  db: Database,
  actor: string,
  at: Date,
  f: ParsedEventForm,
  owner: string,
  fmt: (d: Date) => string,
): Promise<number> {
  return publicChange(db, async (tx) => {
    const { rows } = await tx.query<{ event_id: number }>(
      `INSERT INTO events (title, description, start_time, end_time, default_sort, created_at, owner_tag)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING event_id`,
      [f.title, f.description, f.start, f.end, f.defaultSort, at, owner],
    );
    const id = rows[0].event_id;
    await writeTeams(tx, id, f.tags);
    await writeAudit(tx, {
      actor,
      action: 'event.create',
      at,
      detail: { EventID: id, ...auditFields(f, fmt), owner },
    });
    return id;
  });
}

export type PayToPlayValues = { [K in keyof PayToPlaySettings]: number };

/**
 * Edits the event form fields (with the owner team), the pay-to-play settings, whether flagged
 * racers are paid, or any of them, in one transaction.
 */
export async function updateEvent(
  db: Database,
  actor: string,
  at: Date,
  id: number,
  change: { form?: { fields: ParsedEventForm; owner: string }; settings?: PayToPlayValues; payFlagged?: boolean },
  fmt: (d: Date) => string,
): Promise<void> {
  await publicChange(db, async (tx) => {
    const { settings: s, payFlagged } = change;
    if (change.form) {
      const { fields: f, owner } = change.form;
      await tx.query(
        'UPDATE events SET title = $2, description = $3, start_time = $4, end_time = $5, default_sort = $6, owner_tag = $7 WHERE event_id = $1',
        [id, f.title, f.description, f.start, f.end, f.defaultSort, owner],
      );
      await writeTeams(tx, id, f.tags);
      await writeAudit(tx, {
        actor,
        action: 'event.update',
        at,
        detail: { EventID: id, ...auditFields(f, fmt), owner },
      });
    }
    if (payFlagged !== undefined) {
      await tx.query('UPDATE events SET pay_flagged = $2 WHERE event_id = $1', [id, payFlagged]);
      await writeAudit(tx, { actor, action: 'event.pay-flagged', at, detail: { EventID: id, payFlagged } });
    }
    if (s) {
      await tx.query(
        `UPDATE events SET min_races = $2, qualifying_races = $3, race_increment = $4, payout_increment = $5,
                cap = $6, acc_bonus96 = $7, acc_bonus98 = $8 WHERE event_id = $1`,
        [id, s.MinRaces, s.QualifyingRaces, s.RaceIncrement, s.PayoutIncrement, s.Cap, s.AccBonus96, s.AccBonus98],
      );
      await writeAudit(tx, { actor, action: 'event.pay-to-play', at, detail: { EventID: id, ...s } });
    }
  });
}

export async function deleteEvent(
  db: Database,
  actor: string,
  at: Date,
  id: number,
  summary: { title: string; teams: string[] },
): Promise<void> {
  await publicChange(db, async (tx) => {
    await tx.query('DELETE FROM events WHERE event_id = $1', [id]);
    await writeAudit(tx, { actor, action: 'event.delete', at, detail: { EventID: id, ...summary } });
  });
}
