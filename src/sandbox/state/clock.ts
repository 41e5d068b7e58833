/**
 * The sandbox clock. It runs with real time by default; tests and demos can set it to an instant,
 * advance it, or freeze it. Everything time-dependent (fund-move lifecycle, the 4:00 PM approval
 * batch, "today" for orders) reads this clock, never Date.now() directly.
 */
export class SandboxClock {
  private offsetMs = 0;
  private frozenAt: number | null = null;

  constructor(start?: Date) {
    if (start) this.set(start.getTime());
  }

  now(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs;
  }

  set(instantMs: number, freeze = false): void {
    this.offsetMs = instantMs - Date.now();
    this.frozenAt = freeze ? instantMs : null;
  }

  advance(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offsetMs += ms;
  }

  isFrozen(): boolean {
    return this.frozenAt !== null;
  }
}
