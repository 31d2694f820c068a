/**
 * Kept answers by key, least recently used first, within a byte budget and an entry cap. Each
 * entry costs its bytes plus its key plus a fixed overhead, so a flood of long keys with tiny
 * answers fills the budget as fast as large answers do (response-cache.ts keeps two of these).
 */

/** What one kept answer costs besides its bytes and key: the map slot, the entry and its Buffer objects (a generous estimate). */
export const ENTRY_OVERHEAD_BYTES = 256;

/** A key's cost in bytes: two a character, as V8 keeps a string with any non-Latin-1 character. */
export function keyBytes(key: string): number {
  return 2 * key.length;
}

export interface Sized {
  /** The answer's bytes (body and compressed forms). */
  readonly bytes: number;
}

export class BoundedAnswers<V extends Sized> {
  /** Each value with the cost charged for it. */
  private readonly kept = new Map<string, { value: V; cost: number }>();
  private charged = 0;

  constructor(
    readonly maxBytes: number,
    readonly maxEntries: number,
  ) {}

  get size(): number {
    return this.kept.size;
  }

  /** Bytes charged for the kept values, keys and overhead included. */
  get bytes(): number {
    return this.charged;
  }

  /** The value of `key`, now the most recently used. */
  get(key: string): V | undefined {
    const slot = this.kept.get(key);
    if (!slot) return undefined;
    this.kept.delete(key);
    this.kept.set(key, slot);
    return slot.value;
  }

  /** Keeps `value` under `key` (replacing any), then drops the least recently used until both limits hold. */
  set(key: string, value: V): void {
    this.delete(key);
    const cost = value.bytes + keyBytes(key) + ENTRY_OVERHEAD_BYTES;
    if (cost > this.maxBytes || this.maxEntries < 1) return;
    this.kept.set(key, { value, cost });
    this.charged += cost;
    this.evict();
  }

  /** `value`, kept under `key`, grew by `added` bytes (a compressed form made later). */
  grew(key: string, value: V, added: number): void {
    const slot = this.kept.get(key);
    if (slot?.value !== value) return;
    slot.cost += added;
    this.charged += added;
    this.evict();
  }

  delete(key: string): void {
    const slot = this.kept.get(key);
    if (!slot) return;
    this.kept.delete(key);
    this.charged -= slot.cost;
  }

  clear(): void {
    this.kept.clear();
    this.charged = 0;
  }

  private evict(): void {
    for (const [key, slot] of this.kept) {
      if (this.charged <= this.maxBytes && this.kept.size <= this.maxEntries) break;
      this.kept.delete(key);
      this.charged -= slot.cost;
    }
  }
}
