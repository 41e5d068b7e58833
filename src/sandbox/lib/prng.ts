/**
 * Deterministic randomness for the seed and for generated order books. The same seed always gives
 * the same sequence, so every restart, reset and test sees the same data.
 */

/** FNV-1a 32-bit hash of a string; used to turn names, dates and reference numbers into seeds. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes two integers into a 32-bit seed (used for per-order generators). */
export function mixSeed(a: number, b: number): number {
  let h = (a ^ Math.imul(b + 0x9e3779b9, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Prng {
  private state: number;

  constructor(seed: number | string) {
    this.state = (typeof seed === 'string' ? hash32(seed) : seed) >>> 0;
  }

  /** Mulberry32: fast, good enough for fixtures, and tiny. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }
}
