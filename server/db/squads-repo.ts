/** SQL for squad writes: a member's squad within a team, and a team's custom squad names. */
import type { Database, Queryable } from './database.js';
import { writeAudit } from './audit.js';
import { publicChange } from './public-change.js';

export interface RacerRef {
  userId: number;
  username: string;
}

export async function findRacer(db: Queryable, username: string): Promise<RacerRef | null> {
  const { rows } = await db.query<{ user_id: string | number; username: string }>(
    'SELECT user_id, username FROM racers WHERE lower(username) = lower($1) ORDER BY username = $1 DESC LIMIT 1',
    [username],
  );
  return rows[0] ? { userId: Number(rows[0].user_id), username: rows[0].username } : null;
}

/** The teams a racer is a current member of, newest first. */
export async function currentTeams(db: Queryable, userId: number): Promise<string[]> {
  const { rows } = await db.query<{ tag: string }>(
    'SELECT tag FROM memberships WHERE user_id = $1 AND left_at IS NULL ORDER BY first_seen DESC',
    [userId],
  );
  return rows.map((r) => r.tag);
}

export async function currentSquad(db: Queryable, tag: string, userId: number): Promise<string | null> {
  const { rows } = await db.query<{ squad: string }>(
    'SELECT squad FROM squad_assignments WHERE tag = $1 AND user_id = $2',
    [tag, userId],
  );
  return rows[0]?.squad ?? null;
}

/** Puts a member in a squad; null removes the squad (Unassigned). */
export async function setMemberSquad(
  db: Database,
  actor: string,
  at: Date,
  tag: string,
  racer: RacerRef,
  squad: string | null,
): Promise<void> {
  await publicChange(db, async (tx) => {
    const before = await currentSquad(tx, tag, racer.userId);
    if (squad === null) {
      await tx.query('DELETE FROM squad_assignments WHERE tag = $1 AND user_id = $2', [tag, racer.userId]);
    } else {
      await tx.query(
        `INSERT INTO squad_assignments (tag, user_id, squad) VALUES ($1, $2, $3)
         ON CONFLICT (tag, user_id) DO UPDATE SET squad = EXCLUDED.squad`,
        [tag, racer.userId, squad],
      );
    }
    await writeAudit(tx, {
      actor,
      action: 'squad.assign',
      at,
      detail: { tag, username: racer.username, from: before, to: squad },
    });
  });
}

/** Sets a squad's custom name; an empty name removes it. */
export async function setSquadName(
  db: Database,
  actor: string,
  at: Date,
  tag: string,
  squad: string,
  customName: string,
): Promise<void> {
  await publicChange(db, async (tx) => {
    const { rows } = await tx.query<{ custom_name: string }>(
      'SELECT custom_name FROM squad_names WHERE tag = $1 AND squad = $2',
      [tag, squad],
    );
    if (customName === '') {
      await tx.query('DELETE FROM squad_names WHERE tag = $1 AND squad = $2', [tag, squad]);
    } else {
      await tx.query(
        `INSERT INTO squad_names (tag, squad, custom_name) VALUES ($1, $2, $3)
         ON CONFLICT (tag, squad) DO UPDATE SET custom_name = EXCLUDED.custom_name`,
        [tag, squad, customName],
      );
    }
    await writeAudit(tx, {
      actor,
      action: 'squad.rename',
      at,
      detail: { tag, squad, from: rows[0]?.custom_name ?? null, to: customName === '' ? null : customName },
    });
  });
}

export async function listSquadNames(db: Queryable, tag: string) {
  const { rows } = await db.query<{ squad: string; custom_name: string }>(
    'SELECT squad, custom_name FROM squad_names WHERE tag = $1 ORDER BY squad',
    [tag],
  );
  return rows.map((r) => ({ squad: r.squad, customName: r.custom_name }));
}
