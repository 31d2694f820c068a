/** SQL for the admin extras: bot flags and the list of tracked teams. */
import type { Database, Queryable } from './database.js';
import { writeAudit } from './audit.js';
import { publicChange } from './public-change.js';
import type { RacerRef } from './squads-repo.js';

export async function listBotFlags(db: Queryable) {
  const { rows } = await db.query<{
    user_id: string | number;
    username: string;
    display_name: string | null;
    flagged_by: string | null;
    flagged_at: Date;
  }>(
    `SELECT b.user_id, r.username, r.display_name, b.flagged_by, b.flagged_at
       FROM bot_flags b JOIN racers r ON r.user_id = b.user_id
      ORDER BY b.flagged_at DESC, r.username`,
  );
  return rows.map((r) => ({
    userID: Number(r.user_id),
    username: r.username,
    displayName: r.display_name,
    flaggedBy: r.flagged_by,
    flaggedAt: r.flagged_at.toISOString(),
  }));
}

/** Flags or unflags a racer as a bot; writes the audit entry only when the flag changes. */
export async function setBotFlag(db: Database, actor: string, at: Date, racer: RacerRef, bot: boolean): Promise<void> {
  await publicChange(db, async (tx) => {
    const { rows } = bot
      ? await tx.query(
          'INSERT INTO bot_flags (user_id, flagged_by, flagged_at) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING RETURNING user_id',
          [racer.userId, actor, at],
        )
      : await tx.query('DELETE FROM bot_flags WHERE user_id = $1 RETURNING user_id', [racer.userId]);
    if (rows.length > 0) {
      await writeAudit(tx, {
        actor,
        action: bot ? 'bot.flag' : 'bot.unflag',
        at,
        detail: { username: racer.username, userID: racer.userId },
      });
    }
  });
}

export async function listTeams(db: Queryable) {
  const { rows } = await db.query<{ tag: string; name: string | null; tracked: boolean; last_polled_at: Date | null }>(
    'SELECT tag, name, tracked, last_polled_at FROM teams ORDER BY tracked DESC, tag',
  );
  return rows.map((r) => ({
    tag: r.tag,
    name: r.name,
    tracked: r.tracked,
    lastPolledAt: r.last_polled_at ? r.last_polled_at.toISOString() : null,
  }));
}

/** Starts (or resumes) polling a team at the collector's next run. */
export async function trackTeam(db: Database, actor: string, at: Date, tag: string): Promise<void> {
  await publicChange(db, async (tx) => {
    await tx.query(
      `INSERT INTO teams (tag, tracked, added_at) VALUES ($1, true, $2) ON CONFLICT (tag) DO UPDATE SET tracked = true`,
      [tag, at],
    );
    await writeAudit(tx, { actor, action: 'team.track', at, detail: { tag } });
  });
}

/** Stops polling a team; its history stays. False when the tag is unknown. */
export async function untrackTeam(db: Database, actor: string, at: Date, tag: string): Promise<boolean> {
  return publicChange(db, async (tx) => {
    const { rows } = await tx.query('UPDATE teams SET tracked = false WHERE tag = $1 RETURNING tag', [tag]);
    if (rows.length === 0) return false;
    await writeAudit(tx, { actor, action: 'team.untrack', at, detail: { tag } });
    return true;
  });
}
