import { weekdays, type DayHours } from '../../contract/market-hours';
import type { HoursChange, RecordedDay } from '../../contract/security-hours';

/** An audit row of a security's hours save or settlement (store/audit.ts securityHoursEvents). */
export interface HoursEventRow {
  id: string;
  at: Date | string;
  user_email: string | null;
  action: string;
  outcome: string;
  reason: string | null;
  request_id: string | null;
  details: unknown;
}

type SettlementRow = Pick<HoursEventRow, 'id' | 'at' | 'user_email' | 'details'>;

const RANGE = /^([01]\d|2[0-3]):([0-5]\d)–([01]\d|2[0-3]):([0-5]\d) ET$/;

/**
 * One day's hours as the audit log keeps them (`09:30–16:00 ET` or `closed`, routes/market-hours.ts
 * dayText) back as hours; null for anything else, so an odd record is never read as closed.
 */
function recordedHours(text: unknown): DayHours | null {
  if (text === 'closed') return { closed: true, open: null, close: null };
  const match = typeof text === 'string' ? RANGE.exec(text) : null;
  return match
    ? { closed: false, open: `${match[1]}:${match[2]}`, close: `${match[3]}:${match[4]}` }
    : null;
}

function objectOf(details: unknown): Record<string, unknown> {
  const parsed = typeof details === 'string' ? safeParse(details) : details;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The hours a save asked for, Monday to Friday. */
function askedDays(details: Record<string, unknown>): RecordedDay[] {
  const asked = objectOf(details.asked);
  return weekdays.map((day) => ({ day, hours: recordedHours(asked[day]) }));
}

const iso = (at: Date | string) => new Date(at).toISOString();

const settledResult = (details: Record<string, unknown>) =>
  details.settled === 'saved' ? ('saved' as const) : ('not_saved' as const);

/**
 * The audit events of one security's hours as its changes, newest first: each save with what it
 * changed day by day, each refusal with the platform's words, each lost save with what a later
 * check found (matched by the support id the check names, `attempts`), and each check. Only the
 * actor's email is kept of who acted; never the IP address or anything else of the event.
 */
export function changesOfHours(
  rows: readonly HoursEventRow[],
  settlements: readonly SettlementRow[],
): HoursChange[] {
  return rows.map((row): HoursChange => {
    const details = objectOf(row.details);
    const base = { id: String(row.id), at: iso(row.at), by: row.user_email };
    if (row.action === 'security_hours_attempt_settled') {
      return {
        ...base,
        outcome: 'checked',
        result: settledResult(details),
        asked: askedDays(details),
      };
    }
    if (row.action === 'request_outcome_unknown') {
      const check = settlements.find((s) => {
        const attempts = objectOf(s.details).attempts;
        return (
          Array.isArray(attempts) && row.request_id !== null && attempts.includes(row.request_id)
        );
      });
      return {
        ...base,
        outcome: 'unknown',
        asked: askedDays(details),
        settled: check
          ? {
              result: settledResult(objectOf(check.details)),
              at: iso(check.at),
              by: check.user_email,
            }
          : null,
      };
    }
    if (row.outcome === 'denied') {
      return { ...base, outcome: 'refused', reason: row.reason, asked: askedDays(details) };
    }
    return {
      ...base,
      outcome: 'saved',
      changes: weekdays.flatMap((day) => {
        const change = details[day];
        if (!change || typeof change !== 'object') return [];
        const { before, after } = change as { before?: unknown; after?: unknown };
        return [{ day, before: recordedHours(before), after: recordedHours(after) }];
      }),
    };
  });
}
