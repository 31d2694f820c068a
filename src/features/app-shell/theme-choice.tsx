/** The colour theme radio group (system / light / dark) in the footer: remembered on this device. */
import { useId } from 'react';
import { chooseTheme, THEME_CHOICES, useThemeChoice, type ThemeChoice } from '../../lib/theme';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemeChoicePicker() {
  const choice = useThemeChoice();
  const name = useId();
  return (
    <fieldset className="theme-choice">
      <legend>Theme</legend>
      {THEME_CHOICES.map((c) => (
        <label key={c} className="theme-option">
          <input type="radio" name={name} value={c} checked={choice === c} onChange={() => chooseTheme(c)} />
          {LABELS[c]}
        </label>
      ))}
    </fieldset>
  );
}
