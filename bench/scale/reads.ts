/**
 * The visitor's reads at scale, timed through the HTTP layer (app.inject, body read as bytes, a
 * browser's Accept-Encoding) with the response cache emptied before every request by a change
 * notice, as a collector poll sends: every leaderboard window of bench/leaderboards/measure.ts (the
 * team board, the individual whole list, two of its pages, the rank call, and a page answered by the cache),
 * the racer page of the busiest racer (racer info, batch history in both shapes) and an event of
 * ten teams (participants, team and squad summaries).
 */
import { readDataVersion } from '../../server/db/data-version.js';
import type { Database } from '../../server/db/database.js';
import type { App } from '../../server/http/context.js';
import { apiTimes } from '../../rules/periods.js';
import { benchWindows, startSeries, summarize, time, type Timing } from '../leaderboards/measure.js';
import { SCALE_TZ } from './database.js';

export const RUNS = 40;
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface ReadTiming {
  /** `whole`: the spec's whole individual list (no target: no longer on a phone's path); `cached`: a repeat. */
  group: 'board' | 'page' | 'rank' | 'cached' | 'whole' | 'racer' | 'event';
  label: string;
  /** The answer as sent (compressed when 1 KB or more). */
  sentBytes: number;
  /** The answer's JSON, uncompressed. */
  jsonBytes: number;
  http: Timing;
}

/**
 * Times `RUNS` GETs of `url` after a warm-up, uncached (a change notice before each, as a poll's
 * commit sends) or, with `cached`, answered by the response cache; throws unless it answers 200.
 */
async function timeGets(
  app: App,
  db: Database,
  url: string,
  cached = false,
): Promise<{ sentBytes: number; jsonBytes: number; http: Timing }> {
  const version = await readDataVersion(db);
  let sentBytes = 0;
  const get = async () => {
    if (!cached) db.dataChanges.notify(version);
    const res = await app.inject({
      url,
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      payloadAsStream: true,
    });
    let bytes = 0;
    for await (const chunk of res.stream()) bytes += (chunk as Buffer).length;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    sentBytes = bytes;
  };
  await startSeries(get);
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) ms.push(await time(get));
  const jsonBytes = (await app.inject(url)).rawPayload.length;
  return { sentBytes, jsonBytes, http: summarize(ms) };
}

/** The racer with the most races, and a finished event of ten teams across the spring-forward change. */
async function fixtures(db: Database): Promise<{ username: string; eventId: number }> {
  const busiest = await db.query<{ username: string }>(
    `SELECT r.username FROM racers r
       JOIN (SELECT user_id FROM daily_rollups GROUP BY user_id ORDER BY sum(races) DESC LIMIT 1) d USING (user_id)`,
  );
  await db.query("DELETE FROM events WHERE title = 'Scale bench event'");
  const ev = await db.query<{ event_id: number }>(
    `INSERT INTO events (title, start_time, end_time, min_races, race_increment, payout_increment)
     VALUES ('Scale bench event', '2026-02-27T19:37:00Z', '2026-03-09T03:15:00Z', 50, 100, 10000)
     RETURNING event_id`,
  );
  const eventId = ev.rows[0].event_id;
  await db.query(
    `INSERT INTO event_teams (event_id, tag, position)
     SELECT $1, tag, row_number() OVER (ORDER BY tag) FROM (SELECT tag FROM teams ORDER BY tag LIMIT 10) t`,
    [eventId],
  );
  return { username: busiest.rows[0].username, eventId };
}

export async function measureReads(db: Database, app: App, log: (s: string) => void): Promise<ReadTiming[]> {
  const { username, eventId } = await fixtures(db);
  const targets: Array<Omit<ReadTiming, 'sentBytes' | 'jsonBytes' | 'http'> & { url: string; cached?: boolean }> = [];
  const u = encodeURIComponent(username);
  for (const { label, window } of benchWindows(SCALE_TZ)) {
    const { start_time, end_time } = apiTimes(window, SCALE_TZ);
    const range = `start_time=${encodeURIComponent(start_time)}&end_time=${encodeURIComponent(end_time)}`;
    const individual = `/api/individual-leaderboard?${range}`;
    targets.push(
      { group: 'board', label: `${label} (team)`, url: `/api/team-leaderboard?${range}` },
      { group: 'whole', label: `${label} (individual, whole list)`, url: individual },
      { group: 'page', label: `${label} (individual, page 1)`, url: `${individual}&page=1` },
      {
        group: 'page',
        label: `${label} (individual, page 20 by WPM asc)`,
        url: `${individual}&page=20&sort=WPM&dir=asc`,
      },
      {
        group: 'rank',
        label: `${label} (rank of ${username})`,
        url: `/api/individual-leaderboard/rank?${range}&username=${u}`,
      },
      { group: 'cached', label: `${label} (individual, page 1, cached)`, url: `${individual}&page=1`, cached: true },
    );
  }
  targets.push(
    { group: 'racer', label: `racer info (${username})`, url: `/api/racer-info?username=${u}` },
    { group: 'racer', label: 'racer batches, columns', url: `/api/racer-batches?username=${u}&format=columns` },
    { group: 'racer', label: 'racer batches, rows', url: `/api/racer-batches?username=${u}` },
    { group: 'event', label: 'event participants', url: `/api/event-participants/${eventId}` },
    { group: 'event', label: 'event team summary', url: `/api/event-team-summary/${eventId}` },
    { group: 'event', label: 'event squad summary', url: `/api/event-squad-summary/${eventId}` },
  );
  const out: ReadTiming[] = [];
  for (const { url, cached, ...t } of targets) {
    const r = { ...t, ...(await timeGets(app, db, url, cached)) };
    log(
      `  ${r.label}: median ${r.http.median.toFixed(1)} ms, p95 ${r.http.p95.toFixed(1)} ms, ${(r.sentBytes / 1024).toFixed(0)} KB`,
    );
    out.push(r);
  }
  return out;
}
