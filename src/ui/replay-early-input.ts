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

/**
 * The same for a text field filled in at once (pasted, or filled by the browser) before the app's
 * script ran: React starts from the text it finds, so it hears of it only with the next key. Once
 * hydrated, the field's `input` event fires again. React reacts to an `input` event only when the
 * value differs from the one it last saw, so the field is set back to the drawn text through React's
 * view of it first, and the typed text written past it, as a browser's own typing does.
 */
export function replayEarlyText(input: HTMLInputElement | null): void {
  if (!input || input.value === input.defaultValue) return;
  const typed = input.value;
  const writeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  queueMicrotask(() => {
    if (!input.isConnected) return;
    input.value = input.defaultValue;
    writeValue.call(input, typed);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
