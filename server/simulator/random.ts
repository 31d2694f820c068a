/**
 * Counter-based randomness for the simulated game. Every random draw is keyed by (seed, what,
 * when) through a hash, so the community's state at an instant depends only on the seed and the
 * instant, never on which instants were asked for before.
 */

/** Murmur3's 32-bit finaliser: a cheap, well-mixed hash step. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hashes up to four unsigned integers into one 32-bit key. */
export function hashKey(a: number, b = 0, c = 0, d = 0): number {
  let h = fmix32((a ^ 0x9e3779b9) >>> 0);
  h = fmix32((h ^ Math.imul(b >>> 0, 0xcc9e2d51)) >>> 0);
  h = fmix32((h ^ Math.imul(c >>> 0, 0x1b873593)) >>> 0);
  h = fmix32((h ^ Math.imul(d >>> 0, 0xe6546b64)) >>> 0);
  return h;
}

/** A hashed key as a uniform number in [0, 1). */
export function hashUnit(a: number, b = 0, c = 0, d = 0): number {
  return hashKey(a, b, c, d) / 4294967296;
}

/** Small reseedable generator (mulberry32); one instance is reused to avoid allocations. */
export class Rng {
  private s = 0;

  constructor(seed = 0) {
    this.s = seed >>> 0;
  }

  reseed(seed: number): this {
    this.s = seed >>> 0;
    return this;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** Uniform integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor((hi - lo + 1) * this.next());
  }

  /** Standard normal (Box-Muller, one value per call). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Poisson count with mean `mean` (Knuth; the simulator only uses small means). */
  poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}
