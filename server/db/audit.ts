/**
 * The audit log: every staff change (who, what, when), written in the same transaction as the
 * change itself. Details never hold a password or a session id.
 */
import type { Queryable } from './database.js';

export type AuditAction =
  | 'user.create'
  | 'user.update'
  | 'user.password'
  | 'user.delete'
  | 'event.create'
  | 'event.update'
  | 'event.pay-to-play'
  | 'event.pay-flagged'
  | 'event.delete'
  | 'squad.assign'
  | 'squad.rename'
  | 'bot.flag'
  | 'bot.unflag'
  | 'team.track'
  | 'team.untrack'
  | 'payout.paid'
  | 'payout.unpaid'
  | 'discord.update'
  | 'discord.remove'
  | 'discord.post-again'
  | 'team.requirement';

export async function writeAudit(
  tx: Queryable,
  entry: { actor: string; action: AuditAction; at: Date; detail: Record<string, unknown> },
): Promise<void> {
  await tx.query('INSERT INTO audit_log (at, actor, action, detail) VALUES ($1, $2, $3, $4::jsonb)', [
    entry.at,
    entry.actor,
    entry.action,
    JSON.stringify(entry.detail),
  ]);
}

export interface AuditRow {
  id: number;
  at: Date;
  actor: string;
  action: string;
  detail: Record<string, unknown>;
}

/** Newest first; `before` pages on by id. */
export async function listAudit(db: Queryable, opts: { before?: number; limit: number }): Promise<AuditRow[]> {
  const { rows } = await db.query<{ id: string | number; at: Date; actor: string; action: string; detail: unknown }>(
    `SELECT id, at, actor, action, detail FROM audit_log
      WHERE ($1::bigint IS NULL OR id < $1::bigint)
      ORDER BY id DESC LIMIT $2`,
    [opts.before ?? null, opts.limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    at: r.at,
    actor: r.actor,
    action: r.action,
    detail: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as Record<string, unknown>,
  }));
}
