/**
 * Names for the simulated community: team names with tags derived from their words the way
 * captains abbreviate them, gamer-style usernames, display names (some empty or null, a few
 * with accents), titles and team requirement texts.
 */
import type { Rng } from './random.js';

const TEAM_ADJECTIVES = [
  'Busy',
  'Swift',
  'Silent',
  'Crimson',
  'Golden',
  'Electric',
  'Frozen',
  'Midnight',
  'Rapid',
  'Savage',
  'Cosmic',
  'Turbo',
  'Wild',
  'Lunar',
  'Blazing',
  'Atomic',
  'Mighty',
  'Royal',
  'Shadow',
  'Neon',
  'Iron',
  'Velvet',
  'Stormy',
  'Hyper',
  'Phantom',
  'Quantum',
  'Thunder',
  'Sonic',
  'Arctic',
  'Rogue',
  'Lucky',
  'Crystal',
  'Toxic',
  'Epic',
  'Furious',
  'Nitro',
  'Pixel',
  'Solar',
  'Spicy',
];
const TEAM_NOUNS = [
  'Bees',
  'Hive',
  'Typers',
  'Racers',
  'Wolves',
  'Falcons',
  'Keys',
  'Knights',
  'Dragons',
  'Tigers',
  'Foxes',
  'Comets',
  'Rockets',
  'Ninjas',
  'Legends',
  'Titans',
  'Vipers',
  'Owls',
  'Sharks',
  'Panthers',
  'Storm',
  'Blaze',
  'Squad',
  'Crew',
  'Legion',
  'Empire',
  'Pirates',
  'Phoenix',
  'Raptors',
  'Spartans',
  'Hornets',
  'Ravens',
  'Monkeys',
  'Otters',
  'Cobras',
  'Drifters',
  'Outlaws',
  'Wizards',
  'Yetis',
];

const VOWELS = /[AEIOU]/g;
const LEET: Record<string, string> = { O: '0', I: '1', E: '3', A: '4', S: '5' };

/** A team name and a 2-6 letter tag derived from it (not yet checked for uniqueness). */
export function teamNameAndTag(rng: Rng): { name: string; tag: string } {
  const adj = rng.pick(TEAM_ADJECTIVES);
  const noun = rng.pick(TEAM_NOUNS);
  const name = rng.chance(0.2) ? `The ${adj} ${noun}` : `${adj} ${noun}`;
  const A = adj.toUpperCase();
  const N = noun.toUpperCase();
  const squeeze = (w: string) => w[0] + w.slice(1).replace(VOWELS, '');
  let tag: string;
  switch (rng.int(0, 5)) {
    case 0:
      tag = A[0] + N[0];
      break;
    case 1:
      tag = A.slice(0, 3) + N.slice(0, 3);
      break;
    case 2:
      tag = squeeze(N).slice(0, 6);
      break;
    case 3:
      tag = (A[0] + squeeze(N)).slice(0, 6);
      break;
    case 4:
      tag = (squeeze(A).slice(0, 3) + N[0]).slice(0, 6);
      break;
    default:
      tag = N.slice(0, 6);
  }
  if (tag.length > 2 && rng.chance(0.15)) {
    // Captains swap a letter for a digit when the plain tag is taken ("P1RE", "S0RC").
    const i = rng.int(1, tag.length - 1);
    const d = LEET[tag[i]];
    if (d) tag = tag.slice(0, i) + d + tag.slice(i + 1);
  }
  return { name, tag: tag.slice(0, 6) };
}

const USER_WORDS = [
  'speedy',
  'typer',
  'nitro',
  'racer',
  'keys',
  'blaze',
  'turbo',
  'ghost',
  'flash',
  'ninja',
  'dragon',
  'tiger',
  'falcon',
  'pixel',
  'storm',
  'shadow',
  'frost',
  'comet',
  'rocket',
  'wolf',
  'fox',
  'bee',
  'queen',
  'king',
  'hyper',
  'lucky',
  'sonic',
  'viper',
  'panda',
  'mango',
  'cookie',
  'noodle',
  'waffle',
  'zebra',
  'otter',
  'llama',
  'penguin',
  'banana',
  'cactus',
  'taco',
  'ace',
];
const FIRST_NAMES = [
  'alex',
  'sam',
  'jordan',
  'taylor',
  'riley',
  'casey',
  'maya',
  'liam',
  'emma',
  'noah',
  'ava',
  'mia',
  'ethan',
  'zoe',
  'leo',
  'ella',
  'owen',
  'lily',
  'jack',
  'nora',
  'kai',
  'ivy',
  'max',
  'ruby',
];

/** A gamer-style username (letters, digits, underscores); uniqueness is the caller's job. */
export function username(rng: Rng): string {
  const w1 = rng.pick(USER_WORDS);
  const w2 = rng.pick(USER_WORDS);
  const n = rng.int(1, 9999);
  switch (rng.int(0, 6)) {
    case 0:
      return `${w1}${w2}${n}`;
    case 1:
      return `${w1}_${w2}`;
    case 2:
      return `${rng.pick(FIRST_NAMES)}${n}`;
    case 3:
      return `xX${cap(w1)}${cap(w2)}Xx`;
    case 4:
      return `${rng.pick(FIRST_NAMES)}_${w1}${rng.int(1, 99)}`;
    case 5:
      return `${cap(w1)}${cap(w2)}`;
    default:
      return `the${w1}${rng.int(1, 999)}`;
  }
}

function cap(w: string): string {
  return w[0].toUpperCase() + w.slice(1);
}

const DISPLAY_EXTRAS = ['Zoë', 'José', 'Chloé', 'Renée', 'Björn', 'Ω Omega', 'Łukasz'];

/** A display name: usually words, sometimes empty or null as the game allows. */
export function displayName(rng: Rng, user: string): string | null {
  const r = rng.next();
  if (r < 0.07) return '';
  if (r < 0.12) return null;
  if (r < 0.16) return rng.pick(DISPLAY_EXTRAS);
  if (r < 0.3) return user;
  const w1 = cap(rng.pick(USER_WORDS));
  const w2 = cap(rng.pick(USER_WORDS));
  if (r < 0.55) return `${w1} ${w2}`;
  if (r < 0.7) return `${cap(rng.pick(FIRST_NAMES))} the ${w2}`;
  if (r < 0.85) return `${w1}${w2}`;
  return `${cap(rng.pick(FIRST_NAMES))} ${w1[0]}.`;
}

export const TITLES = [
  'Racer',
  'Typing Tycoon',
  'Speed Demon',
  'Keyboard Warrior',
  'Turbo Typist',
  'Nitro Ninja',
  'The Unstoppable',
  'Lightning Fingers',
  'Team Player',
  'Rookie',
  'Street Racer',
  'Legend',
];

export const OTHER_REQUIREMENTS = [
  '',
  'Be active! Race at least 100 races a week.',
  'No bots. Be nice in chat.',
  'Stay active or you will be removed after 2 weeks idle.',
  'Join our Discord!',
  '50 races a day during events.',
  'Accuracy 95%+ please.',
];

export const MOTDS = [
  'Welcome to the team! Weekly event starts Sunday.',
  'Keep racing, we are top 10 this season!',
  'Remember: inactive for 14 days = kicked.',
  'GG everyone on the last event.',
];
