/**
 * A choice made on a page the server drew, before the app's script ran (a slow phone): React
 * hydrates the select without it (it replays no change made before hydration), so the select shows
 * the new option while the screen shows the old one, and choosing it again fires nothing. Given as
 * a select's `ref`, this tells the app of such a choice once the select is hydrated, as if it were
 * made then. (A text field heals itself with the next key; a select does not.)
 */
export function replayEarlyChoice(select: HTMLSelectElement | null): void {
  if (!select) return;
  const drawn = [...select.options].find((o) => o.defaultSelected);
  if (!drawn || drawn.selected) return;
  const chosen = select.value;
  // After the commit that hydrated it: a render in between sets the select back to its state.
  queueMicrotask(() => {
    if (!select.isConnected) return;
    select.value = chosen;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
