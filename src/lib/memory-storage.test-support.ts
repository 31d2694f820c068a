/** A window with an in-memory localStorage for unit tests of storage-backed modules (Node has no DOM). */
export function installMemoryWindow(): Map<string, string> {
  const data = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
  };
  (globalThis as { window?: unknown }).window = { localStorage, dispatchEvent: () => true };
  return data;
}
