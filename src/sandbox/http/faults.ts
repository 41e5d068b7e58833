/** Fault injection for resilience tests (POST /__sandbox/faults). */

export interface FaultRule {
  /** Assigned when the rule is added, so one test can remove its own rule and no other. */
  id?: number;
  operation: string;
  /**
   * Request parameters the call must carry for the rule to apply (for example `{ "accountId": "A1" }`),
   * so a test that breaks one account's calls leaves calls for other accounts, and other tests
   * running beside it, untouched.
   */
  when?: Record<string, string>;
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
  private nextId = 1;

  add(rule: FaultRule): FaultRule {
    const added = { ...rule, id: this.nextId++ };
    this.rules.push(added);
    return added;
  }

  /** Removes one rule; false when it was never added or is already spent. */
  remove(id: number): boolean {
    const index = this.rules.findIndex((r) => r.id === id);
    if (index < 0) return false;
    this.rules.splice(index, 1);
    return true;
  }

  clear(): void {
    this.rules = [];
  }

  list(): readonly FaultRule[] {
    return this.rules;
  }

  /**
   * The first rule for this operation (or "*") whose `when` the call's parameters satisfy,
   * consuming one of its `times`.
   */
  take(operation: string, params: Readonly<Record<string, string>> = {}): FaultRule | null {
    if (this.rules.length === 0) return null;
    const index = this.rules.findIndex(
      (r) =>
        (r.operation === operation || r.operation === '*') &&
        Object.entries(r.when ?? {}).every(([name, value]) => params[name] === value),
    );
    if (index < 0) return null;
    const rule = this.rules[index];
    if (rule.times !== undefined) {
      rule.times -= 1;
      if (rule.times <= 0) this.rules.splice(index, 1);
    }
    return rule;
  }
}

/**
 * Counts upstream calls per operation, so tests can prove invalid input never left the BFF; also
 * per account (the call's `accountId`), so a test can count its own account's calls while other
 * tests call the same sandbox.
 */
export class CallCounter {
  private counts = new Map<string, number>();
  private byAccount = new Map<string, Map<string, number>>();

  record(operation: string, accountId?: string): void {
    this.counts.set(operation, (this.counts.get(operation) ?? 0) + 1);
    if (!accountId) return;
    const counts = this.byAccount.get(accountId) ?? new Map<string, number>();
    counts.set(operation, (counts.get(operation) ?? 0) + 1);
    this.byAccount.set(accountId, counts);
  }

  /** Every call, or only the calls that named `accountId`. */
  snapshot(accountId?: string): { total: number; byOperation: Record<string, number> } {
    const counts =
      accountId === undefined ? this.counts : (this.byAccount.get(accountId) ?? new Map());
    const byOperation = Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
    const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
    return { total, byOperation };
  }

  reset(): void {
    this.counts.clear();
    this.byAccount.clear();
  }
}
