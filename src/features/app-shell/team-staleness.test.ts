import { describe, expect, it } from 'vitest';
import { teamStaleness } from './team-staleness';

describe('teamStaleness', () => {
  const polled = '2026-03-10T18:00:05.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('is fresh up to 30 minutes after the last poll, stale after', () => {
    expect(teamStaleness(polled, at('2026-03-10T18:10:00Z'))).toEqual({ kind: 'fresh' });
    expect(teamStaleness(polled, at('2026-03-10T18:30:05Z'))).toEqual({ kind: 'fresh' });
    expect(teamStaleness(polled, at('2026-03-10T18:30:06Z'))).toEqual({ kind: 'since', at: polled });
  });

  it('says a team that never collected has no data', () => {
    expect(teamStaleness(null, at('2026-03-10T18:00:00Z'))).toEqual({ kind: 'never' });
  });
});
