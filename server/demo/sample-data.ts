/**
 * The demo community's staff-made data: weekly requirements, bot flags, squads with a few custom
 * names, and sample events (concluded, active pay-to-play, pending). Deterministic for a seed.
 */
import { SQUADS } from '../../contract/squads.js';
import type { Database } from '../db/database.js';
import { writeDemoStaffData, type DemoEvent, type DemoStaffData } from '../db/demo-repo.js';
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
  const requirementsByTeam = [250, 0, 100, 500, 150];
  const requirements = tags.map((tag, i) => ({
    tag,
    races: requirementsByTeam[i % requirementsByTeam.length] || null,
  }));
  // Squads on the first four teams: about two thirds of the members in one of 3-6 squads.
  const squads: DemoStaffData['squads'] = [];
  for (const tag of tags.slice(0, 4)) {
    const members = racers.filter((r) => r.tag === tag);
    const squadCount = 3 + Math.floor(random() * 4);
    for (const m of members) {
      if (random() < 0.33) continue;
      squads.push({ tag, userId: m.userID, squad: SQUADS[Math.floor(random() * squadCount)] });
    }
  }
  const t = now.getTime();
  const payToPlay = {
    minRaces: 100,
    qualifyingRaces: 150,
    raceIncrement: 50,
    payoutIncrement: 500000,
    cap: 10000000,
    accBonus96: 1.1,
    accBonus98: 1.25,
  };
  const events: DemoEvent[] = [
    {
      title: 'Autumn Sprint',
      description: 'Two teams, one week, most races wins.',
      teams: tags.slice(0, 2),
      start: atHour(t - 13 * DAY),
      end: atHour(t - 6 * DAY),
      sort: 'Races',
      payToPlay: null,
    },
    {
      title: 'Pay-to-Play Weekly Cup',
      description: 'Race 100 to join, 150 to qualify; every 50 races beyond pays out.',
      teams: tags.slice(0, 3),
      start: atHour(t - 3 * DAY),
      end: atHour(t + 4 * DAY),
      sort: 'Points',
      payToPlay,
    },
    {
      title: 'Speed Showdown',
      description: 'Fastest average WPM takes it.',
      teams: [tags[0], tags[3] ?? tags[1]],
      start: atHour(t + 5 * DAY),
      end: atHour(t + 8 * DAY),
      sort: 'WPM',
      payToPlay: null,
    },
    {
      title: 'Accuracy Challenge',
      description: 'Clean typing only.',
      teams: tags.slice(4, 6).length ? tags.slice(4, 6) : tags.slice(0, 1),
      start: atHour(t - 20 * DAY),
      end: atHour(t - 17 * DAY),
      sort: 'Accuracy',
      payToPlay: null,
    },
  ];
  await writeDemoStaffData(db, {
    requirements,
    botUserIds: racers.filter((x) => x.isBot).map((r) => r.userID),
    squads,
    namedSquadTags: tags.slice(0, 4),
    events,
  });
}
