/** One audit log entry in words, for the admin screen. */
import type { AuditEntry } from '../../../contract/staff';

const q = (s: unknown) => `“${String(s)}”`;
const box = (s: unknown) => (s ? String(s) : 'Unassigned');

export function auditText(e: Pick<AuditEntry, 'action' | 'detail'>): string {
  const d = e.detail as Record<string, unknown>;
  switch (e.action) {
    case 'user.create':
      return `Added user ${d.username} (${d.role})`;
    case 'user.update':
      return `Edited user ${d.username}${d.previousUsername ? ` (was ${d.previousUsername})` : ''}: role ${d.role}`;
    case 'user.password':
      return `Changed the password of ${d.username}`;
    case 'user.delete':
      return `Deleted user ${d.username}`;
    case 'event.create':
      return `Added event ${d.EventID} ${q(d.title)} for ${Array.isArray(d.teams) ? d.teams.join(' ') : ''}`.trim();
    case 'event.update':
      return `Edited event ${d.EventID} ${q(d.title)}`;
    case 'event.pay-to-play':
      return `Set the pay-to-play settings of event ${d.EventID}`;
    case 'event.pay-flagged':
      return `${d.payFlagged ? 'Set' : 'Stopped'} paying flagged racers in event ${d.EventID}`;
    case 'event.delete':
      return `Deleted event ${d.EventID} ${q(d.title)}`;
    case 'squad.assign':
      return `Moved ${d.username} from ${box(d.from)} to ${box(d.to)} (${d.tag})`;
    case 'squad.rename':
      return d.to
        ? `Named squad ${d.squad} ${q(d.to)} (${d.tag})`
        : `Removed the custom name of squad ${d.squad} (${d.tag})`;
    case 'bot.flag':
      return `Flagged ${d.username} as a bot`;
    case 'bot.unflag':
      return `Removed the bot flag of ${d.username}`;
    case 'team.track':
      return `Started tracking ${d.tag}`;
    case 'team.untrack':
      return `Stopped tracking ${d.tag}`;
    case 'payout.paid':
      return `Marked ${d.username} paid $${Number(d.amount).toFixed(2)} in event ${d.eventId}${d.previousAmount !== undefined ? ` (was $${Number(d.previousAmount).toFixed(2)})` : ''}`;
    case 'payout.unpaid':
      return `Marked ${d.username} unpaid in event ${d.eventId} (had $${Number(d.amount).toFixed(2)})`;
    case 'discord.update':
      return `Set the Discord posts of ${d.tag}${d.urlEnding ? ` (webhook …${d.urlEnding})` : ''}`;
    case 'discord.remove':
      return `Removed the Discord webhook of ${d.tag}`;
    case 'discord.post-again':
      return `Queued Discord post ${d.id} of ${d.tag} again`;
    case 'team.requirement':
      return `Set the weekly requirement of ${d.tag}: ${d.override === null ? "the game's" : `${Number(d.override)} races`}, strikes count ${Number(d.strikeWeeks)} weeks`;
    default:
      return `${e.action} ${JSON.stringify(d)}`;
  }
}
