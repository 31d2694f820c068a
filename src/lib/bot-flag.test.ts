import { describe, expect, it } from 'vitest';
import { botFlagErrorText, botToggleLabel } from './bot-flag';

describe('bot flag', () => {
  it('names the toggle after what a press does', () => {
    expect(botToggleLabel('speedy', false)).toBe('Flag speedy as bot');
    expect(botToggleLabel('speedy', true)).toBe('Unflag speedy as bot');
  });

  it('says which write failed and why', () => {
    expect(botFlagErrorText('speedy', true, new Error('Racer speedy not found'))).toBe(
      'Failed to flag speedy as bot: Racer speedy not found',
    );
    expect(botFlagErrorText('speedy', false, 'x')).toBe('Failed to unflag speedy');
  });
});
