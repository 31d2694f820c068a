import { describe, expect, it } from 'vitest';
import { failureInWords } from './failure-words.js';

describe('failureInWords', () => {
  it('says each recorded failure of the collector in words', () => {
    const cases: Array<[number | null, string, string]> = [
      [404, 'not found: HTTP 404', 'The game answered 404: no such team'],
      [429, 'rate limited: HTTP 429', 'The game answered 429: too many requests'],
      [403, 'rate limited: HTTP 403', 'The game answered 403: access refused'],
      [200, 'rate limited: HTML page (HTTP 200)', 'The game sent a web page (a challenge) instead of data'],
      [500, 'failed: HTTP 500', 'The game answered 500: a server error'],
      [410, 'failed: HTTP 410', 'The game answered 410'],
      [null, 'timeout: timed out after 20000 ms', 'The game did not answer in time'],
      [null, 'network error: fetch failed (ECONNREFUSED)', 'The game could not be reached'],
      [200, 'json: Invalid JSON: Unexpected token', "The game's answer could not be read"],
      [200, 'shape: results.members: not a list', "The game's answer could not be read"],
      [200, 'html: HTML page instead of JSON', "The game's answer could not be read"],
      [200, 'status: Status FAIL: Could not find team.', 'The game answered with an error: Could not find team.'],
      [200, 'status: Status missing', 'The game answered with an error'],
      [200, 'tag: Answer is for team OTHER, not MINE', 'The game answered for another team (OTHER)'],
    ];
    for (const [status, error, words] of cases) expect(failureInWords(status, error), error).toBe(words);
  });

  it('cuts a long message of the game', () => {
    const words = failureInWords(200, `status: Status FAIL: ${'x'.repeat(500)}`);
    expect(words).toBe(`The game answered with an error: ${'x'.repeat(119)}…`);
  });
});
