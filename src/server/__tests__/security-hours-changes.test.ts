import { beforeAll, describe, expect, it } from 'vitest';
import type { WeekHoursInput } from '../../contract/rules/market-hours';
import {
  HOURS_CHANGES_PAGE_SIZE,
  hoursChangesResponseSchema,
  type HoursChangesResponse,
} from '../../contract/security-hours';
import { recordAudit } from '../store/audit';
import { breakStore, call, callSandbox, signIn, useHarness } from './harness';

let ownSecurity: string;
let otherOwnSecurity: string;
let otherSecurity: string;
const h = useHarness();
beforeAll(async () => {
  const sandbox = (
    (await callSandbox(h.sandboxUrl, '/__sandbox/manifest')) as {
      securities: { securityId: number }[];
    }
  ).securities;
  const own = h.manifest.issuers[0].securityIds!.map(String);
  [ownSecurity, otherOwnSecurity] = own;
  otherSecurity = sandbox.map((s) => String(s.securityId)).find((id) => !own.includes(id))!;
});

const SAVE_ROUTE = 'PUT /api/securities/:securityId/market-hours';
const changesUrl = (securityId: string, before?: string) =>
  `/api/securities/${securityId}/market-hours/changes${before ? `?before=${before}` : ''}`;

async function changesOf(cookie: string, securityId: string, before?: string) {
  const res = await call(h.app, 'GET', changesUrl(securityId, before), { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return hoursChangesResponseSchema.parse(res.json());
}

const week = {
  monday: '09:30–16:00 ET',
  tuesday: '09:30–16:00 ET',
  wednesday: 'closed',
  thursday: '10:00–14:00 ET',
  friday: '09:30–13:00 ET',
};
const open = (from: string, to: string) => ({ closed: false, open: from, close: to });

/** A save of a security's hours by the demo issuer's staff, as the audit log keeps it. */
const savedBy = (securityId: string, details: Record<string, unknown>) =>
  recordAudit(h.db, {
    userEmail: 'issuer@demo.test',
    action: 'security_hours_updated',
    objectType: 'security',
    objectId: securityId,
    outcome: 'succeeded',
    details,
  });
const closed = { closed: true, open: null, close: null };

/** When the newest audit event of a security was recorded, as the changes list says instants. */
async function newestEventAt(securityId: string) {
  const row = await h.db
    .selectFrom('audit_events')
    .select('at')
    .where('object_type', '=', 'security')
    .where('object_id', '=', securityId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return new Date(row.at).toISOString();
}

/** A save of a security's hours whose answer was lost, by its support id. */
const lostSave = (securityId: string, requestId: string) =>
  recordAudit(h.db, {
    userEmail: 'issuer@demo.test',
    action: 'request_outcome_unknown',
    objectType: 'security',
    objectId: securityId,
    outcome: 'unknown',
    requestId,
    details: { route: SAVE_ROUTE, code: 'upstream_timeout', security: securityId, asked: week },
  });

/** A check of the hours held naming the lost saves it settles by their support ids. */
const checkOf = (securityId: string, attempts: string[], settled = 'not_saved') =>
  recordAudit(h.db, {
    userEmail: 'issuer@demo.test',
    action: 'security_hours_attempt_settled',
    objectType: 'security',
    objectId: securityId,
    outcome: 'succeeded',
    details: { settled, attempts, asked: week, held: week },
  });

describe('GET /api/securities/:securityId/market-hours/changes', () => {
  it('lists a save made from the portal: when, who, and each day changed before → after', async () => {
    const issuer = await signIn(h.app, 'issuer@demo.test');
    const url = `/api/securities/${otherOwnSecurity}/market-hours`;
    const read = await call(h.app, 'GET', url, { cookie: issuer });
    const expected = read.json().securityHours.days as Record<string, { closed: boolean }>;
    const hours: WeekHoursInput = {
      monday: { closed: false, open: '08:00', close: '12:00' },
      tuesday: { closed: true },
      wednesday: { closed: false, open: '09:30', close: '16:00' },
      thursday: { closed: false, open: '09:30', close: '16:00' },
      friday: { closed: false, open: '09:30', close: '16:00' },
    };
    const saved = await call(h.app, 'PUT', url, { cookie: issuer, body: { ...hours, expected } });
    expect(saved.statusCode).toBe(200);

    const { changes } = await changesOf(issuer, otherOwnSecurity);
    const [latest] = changes;
    expect(latest).toMatchObject({ outcome: 'saved', by: 'issuer@demo.test' });
    expect(Date.parse(latest.at)).toBeGreaterThan(Date.now() - 60_000);
    // Monday and Tuesday surely differ from what the sandbox held; each is before → after.
    expect(latest.outcome === 'saved' && latest.changes).toEqual(
      expect.arrayContaining([
        { day: 'monday', before: expect.anything(), after: open('08:00', '12:00') },
        { day: 'tuesday', before: expect.anything(), after: closed },
      ]),
    );
  });

  it('says each kind of save as it ended: saved, refused with the platform’s words, lost and later checked (one entry)', async () => {
    const db = h.db;
    const actor = { userEmail: 'issuer@demo.test', role: 'issuer_staff', ip: '10.0.0.9' };
    const base = { ...actor, objectType: 'security', objectId: ownSecurity };
    await recordAudit(db, {
      ...base,
      action: 'security_hours_updated',
      outcome: 'succeeded',
      details: { tuesday: { before: '09:30–16:00 ET', after: 'closed' } },
    });
    await recordAudit(db, {
      ...base,
      action: 'security_hours_updated',
      outcome: 'succeeded',
      details: { unchanged: true },
    });
    await recordAudit(db, {
      ...base,
      action: 'security_hours_updated',
      outcome: 'denied',
      reason: 'The platform refused the hours: invalid time range.',
      details: { asked: week },
    });
    await recordAudit(db, {
      ...base,
      action: 'request_outcome_unknown',
      outcome: 'unknown',
      requestId: 'lost-save-1',
      details: { route: SAVE_ROUTE, code: 'upstream_timeout', security: ownSecurity, asked: week },
    });
    await recordAudit(db, {
      ...base,
      userEmail: 'admin@demo.test',
      role: 'admin',
      action: 'security_hours_attempt_settled',
      outcome: 'succeeded',
      details: { settled: 'saved', attempts: ['lost-save-1'], asked: week, held: week },
    });

    const checkedAt = await newestEventAt(ownSecurity);

    const compliance = await signIn(h.app, 'compliance@demo.test');
    const { changes } = await changesOf(compliance, ownSecurity);
    // Newest first; the check is no change of its own: the lost save it settled says it.
    expect(changes.slice(0, 4).map((c) => c.outcome)).toEqual([
      'unknown',
      'refused',
      'saved',
      'saved',
    ]);
    const [lost, refused, unchanged, changed] = changes;
    const askedWeek = [
      { day: 'monday', hours: open('09:30', '16:00') },
      { day: 'tuesday', hours: open('09:30', '16:00') },
      { day: 'wednesday', hours: closed },
      { day: 'thursday', hours: open('10:00', '14:00') },
      { day: 'friday', hours: open('09:30', '13:00') },
    ];
    expect(lost).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      by: 'issuer@demo.test',
      outcome: 'unknown',
      asked: askedWeek,
      settled: { result: 'saved', at: checkedAt, by: 'admin@demo.test' },
    });
    expect(refused).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      by: 'issuer@demo.test',
      outcome: 'refused',
      reason: 'The platform refused the hours: invalid time range.',
      asked: askedWeek,
    });
    expect(unchanged).toMatchObject({ outcome: 'saved', changes: [] });
    expect(changed).toMatchObject({
      outcome: 'saved',
      changes: [{ day: 'tuesday', before: open('09:30', '16:00'), after: closed }],
    });
    // Nothing of the event beyond the actor's email: no address, role or support id.
    expect(JSON.stringify(changes)).not.toMatch(/10\.0\.0\.9|issuer_staff|lost-save-1/);
  });

  it('lists a lost save once however often it was checked, even when its checks fall on a newer page', async () => {
    const security = '990002';
    await lostSave(security, 'lost-save-2');
    for (let i = 0; i < HOURS_CHANGES_PAGE_SIZE; i += 1) {
      await savedBy(security, { unchanged: true });
    }
    // Checked twice (the warning right after the save, then the list): the first check settles it.
    await checkOf(security, ['lost-save-2'], 'not_saved');
    const firstCheckAt = await newestEventAt(security);
    await checkOf(security, ['lost-save-2'], 'saved');

    const admin = await signIn(h.app, 'admin@demo.test');
    const first = await changesOf(admin, security);
    // A full page of saves: the checks take no place of their own.
    expect(first.changes.map((c) => c.outcome)).toEqual(
      Array(HOURS_CHANGES_PAGE_SIZE).fill('saved'),
    );
    const older = await changesOf(admin, security, first.olderBefore!);
    expect(older.changes).toEqual([
      expect.objectContaining({
        outcome: 'unknown',
        settled: { result: 'not_saved', at: firstCheckAt, by: 'issuer@demo.test' },
      }),
    ]);
    expect(older.olderBefore).toBeNull();
  });

  it('lists a check as a change of its own only when no lost save of this security is its own', async () => {
    const security = '990003';
    // Its save's event was never kept (the store down then), or the check named none.
    await checkOf(security, ['lost-save-not-kept']);
    await checkOf(security, []);
    // A lost save of another security named by a check of this one does not hide the check.
    await lostSave('990004', 'lost-save-elsewhere');
    await checkOf(security, ['lost-save-elsewhere']);
    const admin = await signIn(h.app, 'admin@demo.test');
    const { changes } = await changesOf(admin, security);
    expect(changes.map((c) => c.outcome)).toEqual(['checked', 'checked', 'checked']);
  });

  it('never lists another security’s events, nor other events of this one', async () => {
    // One save of this security, to be listed, and one of another, not to be.
    await savedBy(ownSecurity, { monday: { before: '09:30–16:00 ET', after: 'closed' } });
    await savedBy(otherSecurity, { friday: { before: 'closed', after: '09:30–16:00 ET' } });
    await recordAudit(h.db, {
      userEmail: 'someone@demo.test',
      action: 'access_denied',
      objectType: 'security',
      objectId: ownSecurity,
      outcome: 'denied',
      details: { route: SAVE_ROUTE },
    });
    const issuer = await signIn(h.app, 'issuer@demo.test');
    const { changes } = await changesOf(issuer, ownSecurity);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.some((c) => c.by === 'someone@demo.test')).toBe(false);
    expect(
      changes.some(
        (c) =>
          c.outcome === 'saved' && c.changes.some((d) => d.day === 'friday' && d.before?.closed),
      ),
    ).toBe(false);
  });

  it(`answers ${HOURS_CHANGES_PAGE_SIZE} changes at a time, newest first, and reads the older ones with before`, async () => {
    const security = '990001';
    for (let i = 0; i < HOURS_CHANGES_PAGE_SIZE + 3; i += 1) {
      await recordAudit(h.db, {
        userEmail: `staff${i}@demo.test`,
        action: 'security_hours_updated',
        objectType: 'security',
        objectId: security,
        outcome: 'succeeded',
        details: { unchanged: true },
      });
    }
    const admin = await signIn(h.app, 'admin@demo.test');
    const first: HoursChangesResponse = await changesOf(admin, security);
    expect(first.changes).toHaveLength(HOURS_CHANGES_PAGE_SIZE);
    expect(first.changes[0].by).toBe(`staff${HOURS_CHANGES_PAGE_SIZE + 2}@demo.test`);
    expect(first.olderBefore).toBe(first.changes.at(-1)!.id);
    const older = await changesOf(admin, security, first.olderBefore!);
    expect(older.changes.map((c) => c.by)).toEqual([
      'staff2@demo.test',
      'staff1@demo.test',
      'staff0@demo.test',
    ]);
    expect(older.olderBefore).toBeNull();
  });

  it('lets issuer staff read their own securities only; reviewers any; investors none (403)', async () => {
    await savedBy(otherSecurity, { friday: { before: 'closed', after: '09:30–16:00 ET' } });
    const issuer = await signIn(h.app, 'issuer@demo.test');
    const investor = await signIn(h.app, 'investor@demo.test');
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const admin = await signIn(h.app, 'admin@demo.test');
    for (const [cookie, id] of [
      [issuer, otherSecurity],
      [investor, ownSecurity],
    ]) {
      const res = await call(h.app, 'GET', changesUrl(id), { cookie });
      expect(res.statusCode).toBe(403);
    }
    for (const cookie of [compliance, admin]) {
      const { changes } = await changesOf(cookie, otherSecurity);
      expect(changes[0]).toMatchObject({ outcome: 'saved', by: 'issuer@demo.test' });
    }
  });

  it('a store that cannot be read answers 503, said as such', async () => {
    const issuer = await signIn(h.app, 'issuer@demo.test');
    // Signed in first: the session is then known without the store.
    await call(h.app, 'GET', changesUrl(ownSecurity), { cookie: issuer });
    const restore = breakStore(h.db, ['selectFrom']);
    try {
      const res = await call(h.app, 'GET', changesUrl(ownSecurity), { cookie: issuer });
      expect(res.statusCode).toBe(503);
    } finally {
      restore();
    }
  });
});
