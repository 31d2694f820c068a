/** The nine squads of a team plus Unassigned, with their fixed pastel colours (black text). */
export const SQUADS = [
  'Avocado',
  'Blueberry',
  'Coconut',
  'Dragonfruit',
  'Durian',
  'Fig',
  'Grape',
  'Mango',
  'Peach',
] as const;
export type SquadName = (typeof SQUADS)[number];

export const UNASSIGNED = 'Unassigned';

export const SQUAD_COLOURS: Record<SquadName | typeof UNASSIGNED, string> = {
  Unassigned: '#e5e7eb',
  Avocado: '#c5e1a5',
  Blueberry: '#b3c7f7',
  Coconut: '#f1e9db',
  Dragonfruit: '#f8bbd9',
  Durian: '#fff3a8',
  Fig: '#d7b8e8',
  Grape: '#c9b6f2',
  Mango: '#ffd59e',
  Peach: '#ffcbb5',
};

export function isSquadName(s: string): s is SquadName {
  return (SQUADS as readonly string[]).includes(s);
}
