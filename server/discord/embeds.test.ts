import { describe, expect, it } from 'vitest';
import { escapeMarkdown, eventStandingsMessage, memberLogMessage, statLine } from './embeds.js';
import { backoffMs } from './deliver.js';
import { scrubbed, urlEnding, webhookUrlProblem } from './webhook-url.js';

const ORIGINS = ['https://discord.com', 'https://discordapp.com'];

describe('Discord messages', () => {
  it('makes names inert: no markdown, no mentions', () => {
    expect(escapeMarkdown('*bold* @everyone [x](y)')).toBe('\\*bold\\* @\u200beveryone \\[x\\]\\(y\\)');
  });

  it('drops bidi controls from names, so none reverses the rest of its line', () => {
    // A name stored before the collector stripped them (server/collector/game-api.ts cleanText).
    const eve = { username: 'eve', displayName: 'Eve\u202egnp.exe\u2066x\u2069' };
    const standings = eventStandingsMessage({
      eventId: 1,
      title: 'Cup',
      tag: 'A',
      final: false,
      rows: [{ ...eve, races: 3, wpm: null, accuracy: null, points: 0 }],
      sortedBy: 'Races',
      asOf: '2026-03-09 12:00',
    });
    expect(standings.embeds[0].description).toBe('🥇 **Evegnp.exex** · 3 races · 0 pts');
    const log = memberLogMessage({ tag: 'A', day: '2026-03-09', changes: [{ ...eve, joined: true }] });
    expect(log.embeds[0].description).toBe('**Joined (1):** Evegnp.exex');
  });

  it('writes a racer line from the aggregated numbers', () => {
    expect(
      statLine({ username: 'a', displayName: null, races: 1234, wpm: 87.25, accuracy: 0.9666, points: 15234.6 }),
    ).toBe('1,234 races · 87.3 WPM · 96.7% · 15,235 pts');
    expect(statLine({ username: 'a', displayName: null, races: 0, wpm: null, accuracy: null, points: 0 })).toBe(
      '0 races · 0 pts',
    );
  });

  it('keeps the ten best and counts the rest; no links without a site address', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({
      username: `r${i}`,
      displayName: null,
      races: 12 - i,
      wpm: null,
      accuracy: null,
      points: 0,
    }));
    const m = eventStandingsMessage({
      eventId: 3,
      title: 'Cup',
      tag: 'A',
      final: false,
      rows,
      sortedBy: 'Races',
      asOf: '2026-03-09 12:00',
    });
    const e = m.embeds[0];
    expect(e.url).toBeUndefined();
    expect(e.title).toBe('Standings so far: Cup');
    const lines = e.description.split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('🥇 **r0** · 12 races · 0 pts');
    expect(lines[3]).toBe('4. **r3** · 9 races · 0 pts');
    expect(lines[10]).toBe('…and 2 more');
    expect(e.footer?.text).toBe('12 racers · by Races · as of 2026-03-09 12:00 CT');
  });
});

describe('webhook URLs', () => {
  it('accepts only a webhook path on an allowed origin', () => {
    expect(webhookUrlProblem('https://discord.com/api/webhooks/123456789012345678/abcDEF_123-xyz', ORIGINS)).toBeNull();
    expect(
      webhookUrlProblem('https://discordapp.com/api/webhooks/123456789012345678/abcDEF_123-xyz', ORIGINS),
    ).toBeNull();
    expect(
      webhookUrlProblem('http://discord.com/api/webhooks/123456789012345678/abcDEF_123-xyz', ORIGINS),
    ).not.toBeNull();
    expect(
      webhookUrlProblem('https://discord.com.evil.org/api/webhooks/123456789012345678/abcDEF_123-xyz', ORIGINS),
    ).not.toBeNull();
    expect(
      webhookUrlProblem('https://discord.com/api/webhooks/123456789012345678/abcDEF_123-xyz/slack', ORIGINS),
    ).not.toBeNull();
    expect(
      webhookUrlProblem('https://u:p@discord.com/api/webhooks/123456789012345678/abcDEF_123-xyz', ORIGINS),
    ).not.toBeNull();
  });

  it('shows the last 4 characters and scrubs the URL and token from text', () => {
    const url = 'https://discord.com/api/webhooks/1234567/SECRETtoken1234';
    expect(urlEnding(url)).toBe('1234');
    expect(scrubbed(`failed ${url} and SECRETtoken1234`, url)).toBe('failed [webhook] and [token]');
  });

  it('doubles the wait after each failure, up to an hour', () => {
    expect([1, 2, 3, 8, 20].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });
});
