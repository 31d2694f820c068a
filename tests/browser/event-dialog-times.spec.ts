/**
 * Desktop: the Add Event dialog's start and end fields are wide enough for the whole date and
 * time with its AM/PM (at 190 px Chromium cut it off, so 8:00 AM and 8:00 PM read the same).
 */
import { expect, test } from '@playwright/test';
import { ADMIN, firstTag, logIn } from './support';

test('the event times show their AM/PM', async ({ page }) => {
  const tag = await firstTag(page);
  await page.goto(`/teams/admin?tag=${tag}`);
  await logIn(page, ADMIN);
  await page.getByRole('button', { name: 'Add Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Event' });
  for (const label of ['Start Time (CT)', 'End Time (CT)']) {
    const input = dialog.getByLabel(label);
    await input.fill('2030-06-01T20:00');
    // The field's own text (date, time and AM/PM) fits inside it.
    const [width, needed] = await input.evaluate((el) => [el.clientWidth, el.scrollWidth]);
    expect(width, label).toBeGreaterThanOrEqual(230);
    expect(needed, label).toBeLessThanOrEqual(width);
  }
});
