import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { call, signIn, useHarness } from './harness';

/**
 * The audit log's CSV export holds every event its filters select: a reviewer handing the file
 * on (to an auditor, a regulator) has no other way to learn that events are missing from it.
 */
let compliance: string;
/** An account no other event of this suite names, so the filter selects only the events below. */
const OBJECT = 'A1099001';
const MANY = 10_250;

const h = useHarness({}, 120_000);
beforeAll(async () => {
  compliance = await signIn(h.app, 'compliance@demo.test');
  await sql`
    insert into audit_events
      (at, user_email, role, action, object_type, object_id, outcome, ip, request_id)
    select timestamptz '2026-11-01 12:00:00', 'compliance@demo.test', 'compliance',
      'account_viewed', 'account', ${OBJECT}, 'succeeded', '127.0.0.1', 'req-' || g
    from generate_series(0, ${MANY - 1}) g
  `.execute(h.db);
}, 120_000);

const lastExport = () =>
  h.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', 'audit_export')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('audit log export', () => {
  it('holds every event the filters select, more than ten thousand too, and audits the count', async () => {
    const res = await call(h.app, 'GET', `/api/audit-events/export.csv?object=${OBJECT}`, {
      cookie: compliance,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trimEnd().split('\r\n');
    // UTF-8's byte order mark first, so Excel reads the file as UTF-8 (lib/csv-download.ts).
    expect(lines[0]).toMatch(/^\uFEFFid,at,user,/);
    expect(lines).toHaveLength(MANY + 1);
    // Each event once, the newest first, down to the oldest.
    const requestIds = new Set(lines.slice(1).map((line) => line.split(',')[10]));
    expect(requestIds.size).toBe(MANY);
    expect(lines[1]).toContain(`req-${MANY - 1}`);
    expect(lines[MANY]).toContain('req-0');
    expect(await lastExport()).toMatchObject({
      outcome: 'succeeded',
      details: { filters: { object: OBJECT }, rows: MANY },
    });
  });

  it('a store that stops answering midway aborts the file, never a shorter one that looks whole; audited with the rows sent', async () => {
    const db = h.db as unknown as { selectFrom: (table: string) => unknown };
    const selectFrom = db.selectFrom;
    let batchesRead = 0;
    db.selectFrom = (table: string) => {
      if (table === 'audit_events' && ++batchesRead > 1) {
        throw Object.assign(new Error('Connection terminated unexpectedly'), {
          code: 'ECONNRESET',
        });
      }
      return selectFrom.call(h.db, table);
    };
    try {
      await expect(
        call(h.app, 'GET', `/api/audit-events/export.csv?object=${OBJECT}`, {
          cookie: compliance,
        }),
      ).rejects.toThrow(/destroyed before completion/);
    } finally {
      db.selectFrom = selectFrom;
    }
    expect(await lastExport()).toMatchObject({
      outcome: 'failed',
      details: { filters: { object: OBJECT }, rows: 500 },
    });
  });
});
