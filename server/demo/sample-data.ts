/**
 * The demo community's staff-made data: weekly requirements, bot flags, squads with a few custom
 * names, and sample events (concluded, active pay-to-play, pending). Deterministic for a seed.
 */
import { SQUADS } from '../../contract/squads.js';
import type { Database } from '../db/database.js';
import { Rng } from '../simulator/random.js';

export interface DemoRacer {
  userID: number;
  tag: string | null;
  isBot: boolean;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Rounds an instant down to the hour so event times look like ones a person would pick. */
const atHour = (t: number) => new Date(Math.floor(t / HOUR) * HOUR);

export async function seedDemoStaffData(
  db: Database,
  opts: { tags: string[]; racers: DemoRacer[]; now: Date; seed: number },
) {
  const { tags, racers, now } = opts;
  const rng = new Rng(opts.seed);
  const random = () => rng.next();
  await db.transaction(async (tx) => {
    const requirements = [250, 0, 100, 500, 150];
    for (const [i, tag] of tags.entries()) {
      await tx.query('UPDATE teams SET weekly_requirement = $2 WHERE tag = $1', [
        tag,
        requirements[i % requirements.length] || null,
      ]);
    }
    for (const r of racers.filter((x) => x.isBot)) {
      await tx.query('INSERT INTO bot_flags (user_id, flagged_by) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        r.userID,
        'demo',
      ]);
    }
    // Squads on the first four teams: about two thirds of the members in one of 3-6 squads.
    for (const tag of tags.slice(0, 4)) {
      const members = racers.filter((r) => r.tag === tag);
      const squadCount = 3 + Math.floor(random() * 4);
      for (const m of members) {
        if (random() < 0.33) continue;
        const squad = SQUADS[Math.floor(random() * squadCount)];
        await tx.query(
          'INSERT INTO squad_assignments (tag, user_id, squad) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
          [tag, m.userID, squad],
        );
      }
      await tx.query(
        "INSERT INTO squad_names (tag, squad, custom_name) VALUES ($1, 'Avocado', 'Green Machines') ON CONFLICT DO NOTHING",
        [tag],
      );
    }
    const t = now.getTime();
    const events = [
      {
        title: 'Autumn Sprint',
        description: 'Two teams, one week, most races wins.',
        teams: tags.slice(0, 2),
        start: atHour(t - 13 * DAY),
        end: atHour(t - 6 * DAY),
        sort: 'Races',
        p2p: false,
      },
      {
        title: 'Pay-to-Play Weekly Cup',
        description: 'Race 100 to join, 150 to qualify; every 50 races beyond pays out.',
        teams: tags.slice(0, 3),
        start: atHour(t - 3 * DAY),
        end: atHour(t + 4 * DAY),
        sort: 'Points',
        p2p: true,
      },
      {
        title: 'Speed Showdown',
        description: 'Fastest average WPM takes it.',
        teams: [tags[0], tags[3] ?? tags[1]],
        start: atHour(t + 5 * DAY),
        end: atHour(t + 8 * DAY),
        sort: 'WPM',
        p2p: false,
      },
      {
        title: 'Accuracy Challenge',
        description: 'Clean typing only.',
        teams: tags.slice(4, 6).length ? tags.slice(4, 6) : tags.slice(0, 1),
        start: atHour(t - 20 * DAY),
        end: atHour(t - 17 * DAY),
        sort: 'Accuracy',
        p2p: false,
      },
    ];
    for (const e of events) {
      const { rows } = await tx.query<{ event_id: number }>(
        `INSERT INTO events (title, description, start_time, end_time, default_sort, owner_tag, min_races, qualifying_races, race_increment, payout_increment, cap, acc_bonus96, acc_bonus98)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING event_id`,
        e.p2p
          ? [e.title, e.description, e.start, e.end, e.sort, e.teams[0], 100, 150, 50, 500000, 10000000, 1.1, 1.25]
          : [e.title, e.description, e.start, e.end, e.sort, e.teams[0], null, null, null, null, null, null, null],
      );
      for (const [position, tag] of e.teams.entries()) {
        await tx.query('INSERT INTO event_teams (event_id, tag, position) VALUES ($1, $2, $3)', [
          rows[0].event_id,
          tag,
          position,
        ]);
      }
    }
  });
}
