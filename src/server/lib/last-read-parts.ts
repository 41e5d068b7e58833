/**
 * The parts of a page the BFF last read for one person, kept a short while, so a Try again of
 * the one part that failed reads that part only and composes the page with the others as the
 * person already sees them. Per instance: a retry served by another instance reads every part,
 * as a first read does. A part that failed is not kept: the person does not see it either.
 */
export class LastReadParts<P extends string, V> {
  private readonly entries = new Map<string, { parts: Partial<Record<P, V>>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The parts last read under `key`, if not expired. */
  get(key: string): Partial<Record<P, V>> {
    const hit = this.entries.get(key);
    if (!hit || hit.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return {};
    }
    return hit.parts;
  }

  /** What a read under `key` gave: it replaces what was kept (the oldest key goes when full). */
  set(key: string, parts: Partial<Record<P, V>>): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { parts, expiresAt: Date.now() + this.ttlMs });
  }
}
