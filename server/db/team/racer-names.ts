/**
 * How a racer is named in the team screens' SQL: the username, else the user id; the display name,
 * else the username, else the user id. Needs `racers r` LEFT JOINed on the racer's user id.
 */

/** The `username` and `"displayName"` select columns; `userId` is a column such as `p.user_id`. */
export function racerNameColumns(userId: string): string {
  return `COALESCE(r.username, ${userId}::text) AS username,
            COALESCE(NULLIF(r.display_name, ''), r.username, ${userId}::text) AS "displayName"`;
}
