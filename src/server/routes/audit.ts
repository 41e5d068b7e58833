import { z } from 'zod';
import {
  AUDIT_PAGE_SIZE,
  auditCsvHeader,
  auditPageSchema,
  auditQuerySchema,
  type AuditEventView,
} from '../../contract/audit';
import type { Role } from '../../contract/session';
import { csvLine } from '../../contract/csv';
import type { Db } from '../store/db';
import {
  partOfNoUserAddress,
  queryAudit,
  type AuditQuery as StoreAuditQuery,
} from '../store/audit';
import { csvDownloadStream } from '../lib/csv-download';
import { wholeDays } from '../../contract/dates';
import { defineRoute } from './define';

type AuditRow = Awaited<ReturnType<typeof queryAudit>>[number];

/** Events read from the store at a time for an export. */
const EXPORT_BATCH = 500;
type Filters = z.infer<typeof auditQuerySchema>;

/*
 * What each role sees of the audit log (documented in docs/audit-log.md):
 * - compliance and admin both see who, what, when, the stated reason and the IP address: an
 *   investigation needs them.
 * - the email typed in a failed sign-in (no user behind it) is shown to admins only: people
 *   sometimes type their password into the email field.
 * - details never carry personal values: keys that could hold one are dropped for every role
 *   unless their value is a yes or no, as a second line behind the routes, which never write them.
 */
const SENSITIVE_DETAIL_KEY =
  /value|ssn|social|tax|ein|dob|birth|account_?number|routing|password|secret|token|key/i;

function safeDetails(details: unknown): Record<string, unknown> | null {
  if (!details || typeof details !== 'object' || Array.isArray(details)) return null;
  // A yes or no holds no personal value: `hadPassword` of user_password_set, `password` (whether
  // one was set) of user_created are shown as docs/audit-log.md says.
  const kept = Object.entries(details as Record<string, unknown>).filter(
    ([key, value]) => typeof value === 'boolean' || !SENSITIVE_DETAIL_KEY.test(key),
  );
  return kept.length ? Object.fromEntries(kept) : null;
}

/** Who may read (and so search by) the address typed at a failed sign-in. */
const readsTypedAddresses = (role: Role) => role === 'admin';

/**
 * An export's user filter that is part of no portal user's address may be an address typed at a
 * failed sign-in, which an admin's filter matches (and which may be a password typed into the
 * wrong field): its `audit_export` event keeps it with this mark, and readers who may not read
 * such addresses are shown that it was withheld, as the address of the failed sign-in itself.
 * The mark is the view's only, never shown.
 */
const USER_FILTER_OF_NO_USER = 'userFilterOfNoUser';

function withheldFrom(
  role: Role,
  details: Record<string, unknown> | null,
): Record<string, unknown> | null {
  if (!details || !(USER_FILTER_OF_NO_USER in details)) return details;
  const { [USER_FILTER_OF_NO_USER]: ofNoUser, ...rest } = details;
  if (ofNoUser !== true || readsTypedAddresses(role)) return rest;
  const filters = rest.filters as Record<string, unknown> | undefined;
  return { ...rest, filters: { ...filters, user: '(withheld: names no portal user)' } };
}

/**
 * The addresses of the users that money-request events were made for: such an event keeps the
 * user's id (`forUser`), which no reader can look up; the view adds their address beside it.
 */
async function emailsOfUsersFor(db: Db, rows: AuditRow[]): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const row of rows) {
    const details = typeof row.details === 'string' ? safeParse(row.details) : row.details;
    const id = (details as { forUser?: unknown } | null)?.forUser;
    if (typeof id === 'string') ids.add(id);
  }
  if (ids.size === 0) return new Map();
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(users.map((u) => [u.id, u.email]));
}

function withEmailOfUserFor(
  details: Record<string, unknown> | null,
  emails: Map<string, string>,
): Record<string, unknown> | null {
  const email = typeof details?.forUser === 'string' ? emails.get(details.forUser) : undefined;
  return email ? { ...details, forUserEmail: email } : details;
}

function auditViewFor(
  role: Role,
  row: AuditRow,
  emails: Map<string, string> = new Map(),
): AuditEventView {
  const anonymousAttempt = row.user_id === null && row.action === 'sign_in';
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    userEmail:
      anonymousAttempt && !readsTypedAddresses(role)
        ? '(withheld: typed at a failed sign-in)'
        : row.user_email,
    role: row.role,
    action: row.action,
    objectType: row.object_type,
    objectId: row.object_id,
    reason: row.reason,
    outcome: row.outcome,
    ip: row.ip,
    requestId: row.request_id,
    details: withEmailOfUserFor(
      withheldFrom(
        role,
        safeDetails(typeof row.details === 'string' ? safeParse(row.details) : row.details),
      ),
      emails,
    ),
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function storeQuery(filters: Filters, limit: number, role: Role): StoreAuditQuery {
  return {
    userEmail: filters.user || undefined,
    object: filters.object || undefined,
    matchesTypedAtFailedSignIn: readsTypedAddresses(role),
    action: filters.action || undefined,
    ...wholeDays(filters),
    before: filters.before,
    limit,
  };
}

function filtersForLog(filters: Filters) {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
}

/** What an `audit_export` event keeps of the export: its filters, marked as withheldFrom reads. */
async function exportDetails(db: Db, filters: Filters, rows: number) {
  return {
    filters: filtersForLog(filters),
    rows,
    // A check that cannot be made (the store failing, as when an export broke off) withholds.
    ...(filters.user &&
      (await partOfNoUserAddress(db, filters.user).catch(() => true)) && {
        [USER_FILTER_OF_NO_USER]: true,
      }),
  };
}

export const auditRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/audit-events',
    summary:
      'The audit log, newest first, filtered by user, object, action and dates; paged with before',
    tags: ['audit'],
    query: auditQuerySchema,
    response: auditPageSchema,
    async handler({ query, user, deps }) {
      // One more than a page tells whether another page follows.
      const rows = await queryAudit(deps.db, storeQuery(query, AUDIT_PAGE_SIZE + 1, user!.role));
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      const emails = await emailsOfUsersFor(deps.db, page);
      return {
        events: page.map((row) => auditViewFor(user!.role, row, emails)),
        nextBefore: rows.length > AUDIT_PAGE_SIZE ? String(page[page.length - 1].id) : null,
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/audit-events/export.csv',
    summary: 'The filtered audit log as CSV (built server side; the export itself is audited)',
    tags: ['audit'],
    query: auditQuerySchema,
    // The file, for the docs; the handler returns the stream itself.
    response: z.string() as z.ZodType<unknown>,
    // Every event the filters select, however many, a batch at a time: the file is written as
    // the batches are read, so memory holds one batch, and a file never looks whole and is not.
    stream: true,
    streamType: 'text/csv',
    async handler({ query, user, reply, deps, audit, request }) {
      const role = user!.role;
      const batchOf = (before: string | undefined) =>
        queryAudit(deps.db, storeQuery({ ...query, before }, EXPORT_BATCH, role));
      // The first batch is read before the answer starts: a store that does not answer is then
      // told as any read's failure, not as a file cut short.
      const first = await batchOf(query.before);
      const csvLines = async function* () {
        yield csvLine(auditCsvHeader);
        let count = 0;
        try {
          for (let batch = first; ;) {
            const emails = await emailsOfUsersFor(deps.db, batch);
            yield batch
              .map((row) => {
                const e = auditViewFor(role, row, emails);
                return csvLine([
                  e.id,
                  e.at,
                  e.userEmail,
                  e.role,
                  e.action,
                  e.objectType,
                  e.objectId,
                  e.outcome,
                  e.reason,
                  e.ip,
                  e.requestId,
                  e.details ? JSON.stringify(e.details) : '',
                ]);
              })
              .join('');
            count += batch.length;
            if (batch.length < EXPORT_BATCH) break;
            batch = await batchOf(String(batch[batch.length - 1].id));
          }
        } catch (err) {
          // A batch that cannot be read once the file has begun ends the answer as broken (the
          // stream's error aborts it), so the browser reports a failed download.
          request.log.error({ err, rows: count }, 'audit log export broke off');
          await audit({
            action: 'audit_export',
            outcome: 'failed',
            details: await exportDetails(deps.db, query, count),
          }).catch(() => undefined);
          throw err;
        }
        await audit({
          action: 'audit_export',
          outcome: 'succeeded',
          details: await exportDetails(deps.db, query, count),
        });
      };
      return csvDownloadStream(reply, 'audit-log', csvLines(), { timeZone: query.timeZone });
    },
  }),
];
