/** The "Type to filter usernames..." box: a case-sensitive substring match (docs/product.md §5). */

export function filterUsernames(usernames: readonly string[], text: string): string[] {
  if (!text) return [...usernames];
  return usernames.filter((u) => u.includes(text));
}
