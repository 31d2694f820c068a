import { describe, expect, it } from 'vitest';
import { squadLabel } from './squad-label';

describe('squad label', () => {
  it('shows the custom name when set, else the squad, and nothing without a squad', () => {
    expect(squadLabel('Avocado', 'Zebras')).toBe('Zebras');
    expect(squadLabel('Avocado', '  ')).toBe('Avocado');
    expect(squadLabel('Avocado', null)).toBe('Avocado');
    expect(squadLabel('', 'ignored')).toBe('');
    expect(squadLabel(null, null)).toBe('');
  });
});
