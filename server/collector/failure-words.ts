/**
 * A recorded failure (failed_responses: the HTTP status and the collector's own error text, from
 * poll.ts `failureText` or write-poll.ts's parse failures) said in words for staff and monitors.
 */

/** The game's own message is outside text: cut, so a long page cannot fill an answer. */
const MAX_GAME_MESSAGE = 120;

function cut(text: string): string {
  const t = text.trim();
  return t.length > MAX_GAME_MESSAGE ? `${t.slice(0, MAX_GAME_MESSAGE - 1)}…` : t;
}

export function failureInWords(httpStatus: number | null, error: string): string {
  if (error.startsWith('not found:')) return 'The game answered 404: no such team';
  if (error.startsWith('rate limited: HTTP 429')) return 'The game answered 429: too many requests';
  if (error.startsWith('rate limited: HTTP 403')) return 'The game answered 403: access refused';
  if (error.startsWith('rate limited:')) return 'The game sent a web page (a challenge) instead of data';
  if (error.startsWith('failed:'))
    return `The game answered ${httpStatus ?? 'an error'}${httpStatus !== null && httpStatus >= 500 ? ': a server error' : ''}`;
  if (error.startsWith('timeout:')) return 'The game did not answer in time';
  if (error.startsWith('network error:')) return 'The game could not be reached';
  if (error.startsWith('status:')) {
    // "status: Status FAIL: Could not find team."
    const message = /^status: Status [^:]*: (.+)$/s.exec(error)?.[1];
    return message ? `The game answered with an error: ${cut(message)}` : 'The game answered with an error';
  }
  if (error.startsWith('tag:')) {
    const other = /for team (\S+),/.exec(error)?.[1];
    return `The game answered for another team${other ? ` (${cut(other)})` : ''}`;
  }
  return "The game's answer could not be read";
}
