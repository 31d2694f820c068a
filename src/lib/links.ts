/** Links to the game's own site. */

/** The racer's public profile page on Nitro Type (open in a new tab). */
export function racerProfileUrl(username: string): string {
  return `https://www.nitrotype.com/racer/${encodeURIComponent(username)}`;
}
