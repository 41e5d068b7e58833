/**
 * Request parameters of one call, flattened to strings (JSON numbers such as transactionUnits: 100
 * arrive as "100"), with validation that collects every problem before answering 106.
 */
import { ValidationError, fieldMessage } from './errors.js';

export const CREDENTIAL_FIELDS = ['clientID', 'developerAPIKey'] as const;

export function flattenParams(source: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!source || typeof source !== 'object') return out;
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    if (value === null || value === undefined) continue;
    out[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}

export class Params {
  private readonly problems: string[] = [];

  constructor(readonly values: Readonly<Record<string, string>>) {}

  /** The trimmed value, or undefined when absent or blank. */
  get(name: string): string | undefined {
    const value = this.values[name];
    if (value === undefined) return undefined;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }

  /** First present name among aliases (e.g. units / transactionUnits). */
  getAny(...names: string[]): string | undefined {
    for (const name of names) {
      const value = this.get(name);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  required(name: string): string {
    const value = this.get(name);
    if (value === undefined) this.problems.push(fieldMessage(name, 'Missing'));
    return value ?? '';
  }

  /** Several required values by name; each missing one is reported, in the order given. */
  requiredAll<const Name extends string>(...names: Name[]): Record<Name, string> {
    const values = {} as Record<Name, string>;
    for (const name of names) values[name] = this.required(name);
    return values;
  }

  optional(name: string): string {
    return this.get(name) ?? '';
  }

  /** Records a problem unless the value is empty (emptiness is reported by required()). */
  check(name: string, value: string, ok: (value: string) => boolean, message: string): void {
    if (value !== '' && !ok(value)) this.problems.push(fieldMessage(name, message));
  }

  fail(name: string, message: string): void {
    this.problems.push(fieldMessage(name, message));
  }

  /** Throws the 106 answer when anything was missing or invalid. */
  assertValid(): void {
    if (this.problems.length) throw new ValidationError(this.problems);
  }
}

export const isInteger = (value: string) => /^\d+$/.test(value);
export const isCalendarDate = (value: string) => /^\d{2}-\d{2}-\d{4}$/.test(value);
export const oneOf =
  (...allowed: string[]) =>
  (value: string) =>
    allowed.includes(value);
