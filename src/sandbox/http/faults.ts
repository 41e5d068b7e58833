/** Fault injection for resilience tests (POST /__sandbox/faults). */

export interface FaultRule {
  operation: string;
  latencyMs?: number;
  httpStatus?: number;
  drop?: boolean;
  malformedJson?: boolean;
  statusCode?: string;
  /**
   * One odd record: the record at `position` of the answer's list gets `fields` laid over it
   * (null and "" included), so clients can be tested against one row they cannot understand.
   */
  oddRecord?: { position: number; fields: Record<string, string | number | boolean | null> };
  /** Calls left to affect; undefined means every call until cleared. */
  times?: number;
}

export class Faults {
  private rules: FaultRule[] = [];

  add(rule: FaultRule): void {
    this.rules.push({ ...rule });
  }

  clear(): void {
    this.rules = [];
  }

  list(): readonly FaultRule[] {
    return this.rules;
  }

  /** The first rule for this operation (or "*"), consuming one of its `times`. */
  take(operation: string): FaultRule | null {
    if (this.rules.length === 0) return null;
    const index = this.rules.findIndex((r) => r.operation === operation || r.operation === '*');
    if (index < 0) return null;
    const rule = this.rules[index];
    if (rule.times !== undefined) {
      rule.times -= 1;
      if (rule.times <= 0) this.rules.splice(index, 1);
    }
    return rule;
  }
}

/** Counts upstream calls per operation, so tests can prove invalid input never left the BFF. */
export class CallCounter {
  private counts = new Map<string, number>();

  record(operation: string): void {
    this.counts.set(operation, (this.counts.get(operation) ?? 0) + 1);
  }

  snapshot(): { total: number; byOperation: Record<string, number> } {
    const byOperation = Object.fromEntries([...this.counts].sort(([a], [b]) => a.localeCompare(b)));
    const total = [...this.counts.values()].reduce((sum, n) => sum + n, 0);
    return { total, byOperation };
  }

  reset(): void {
    this.counts.clear();
  }
}
