import { describe, expect, it } from 'vitest';
import { auditText } from './audit-text';

describe('audit log text', () => {
  it('describes each kind of staff change', () => {
    expect(auditText({ action: 'user.create', detail: { username: 'cap', role: 'teamadmin' } })).toBe(
      'Added user cap (teamadmin)',
    );
    expect(auditText({ action: 'user.update', detail: { username: 'b', previousUsername: 'a', role: 'admin' } })).toBe(
      'Edited user b (was a): role admin',
    );
    expect(auditText({ action: 'event.create', detail: { EventID: 4, title: 'Cup', teams: ['A', 'B'] } })).toBe(
      'Added event 4 “Cup” for A B',
    );
    expect(auditText({ action: 'squad.assign', detail: { username: 'x', from: null, to: 'Fig', tag: 'A' } })).toBe(
      'Moved x from Unassigned to Fig (A)',
    );
    expect(auditText({ action: 'squad.rename', detail: { squad: 'Fig', to: null, tag: 'A' } })).toBe(
      'Removed the custom name of squad Fig (A)',
    );
    expect(auditText({ action: 'squad.rename', detail: { squad: 'Fig', to: 'Figs', tag: 'A' } })).toBe(
      'Named squad Fig “Figs” (A)',
    );
    expect(auditText({ action: 'team.untrack', detail: { tag: 'A' } })).toBe('Stopped tracking A');
    expect(auditText({ action: 'payout.paid', detail: { username: 'x', amount: 7.5, eventId: 3 } })).toBe(
      'Marked x paid $7.50 in event 3',
    );
    expect(
      auditText({ action: 'payout.paid', detail: { username: 'x', amount: 9, previousAmount: 7.5, eventId: 3 } }),
    ).toBe('Marked x paid $9.00 in event 3 (was $7.50)');
    expect(auditText({ action: 'payout.unpaid', detail: { username: 'x', amount: 9, eventId: 3 } })).toBe(
      'Marked x unpaid in event 3 (had $9.00)',
    );
    expect(auditText({ action: 'discord.update', detail: { tag: 'A', urlEnding: 'wxyz' } })).toBe(
      'Set the Discord posts of A (webhook …wxyz)',
    );
    expect(auditText({ action: 'discord.update', detail: { tag: 'A' } })).toBe('Set the Discord posts of A');
    expect(auditText({ action: 'discord.remove', detail: { tag: 'A' } })).toBe('Removed the Discord webhook of A');
    expect(auditText({ action: 'discord.post-again', detail: { tag: 'A', id: 7 } })).toBe(
      'Queued Discord post 7 of A again',
    );
    expect(auditText({ action: 'other', detail: { a: 1 } })).toBe('other {"a":1}');
  });
});
