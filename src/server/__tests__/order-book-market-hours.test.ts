import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { marketHoursResponseSchema } from '../../contract/market-week';
import type { WeekHoursInput } from '../../contract/rules/market-hours';
import {
  hoursChangesResponseSchema,
  securityHoursResponseSchema,
  securityListSchema,
} from '../../contract/security-hours';
import { OrderBookCache } from '../lib/order-book-cache';
import {
  apiErrorOf,
  call,
  callSandbox,
  clearFaults,
  dropNextCall,
  sandboxCallsOf,
  signIn,
  useHarness,
} from './harness';

/** Every security of the sandbox, from its manifest (src/sandbox/control/manifest.ts). */
let sandboxSecurities: { securityId: number; securityName: string }[] = [];

let ownSecurity: string;
let otherSecurity: string;
const h = useHarness();
beforeAll(async () => {
  sandboxSecurities = (
    (await callSandbox(h.sandboxUrl, '/__sandbox/manifest')) as {
      securities: typeof sandboxSecurities;
    }
  ).securities;
  const own = h.manifest.issuers[0].securityIds!.map(String);
  ownSecurity = own[0];
  otherSecurity = sandboxSecurities
    .map((s) => String(s.securityId))
    .find((id) => !own.includes(id))!;
});

const hours: WeekHoursInput = {
  monday: { closed: false, open: '08:15', close: '15:45' },
  tuesday: { closed: false, open: '09:30', close: '16:00' },
  wednesday: { closed: true },
  thursday: { closed: false, open: '10:00', close: '14:00' },
  friday: { closed: false, open: '09:30', close: '13:00' },
};

/** The details of the latest "Security hours set" event of a security, as reviewers read them. */
async function latestHoursEvent(securityId: string): Promise<Record<string, unknown> | null> {
  const compliance = await signIn(h.app, 'compliance@demo.test');
  const res = await call(h.app, 'GET', '/api/audit-events?action=security_hours_updated', {
    cookie: compliance,
  });
  expect(res.statusCode).toBe(200);
  const events = (res.json() as { events: { objectId: string; details: unknown }[] }).events;
  const event = events.find((e) => e.objectId === securityId);
  return (event?.details as Record<string, unknown> | null) ?? null;
}

/** The audit event of a request, by the support id its person was shown, as an admin reads it. */
async function hoursEventOf(requestId: string): Promise<Record<string, unknown> | undefined> {
  const admin = await signIn(h.app, 'admin@demo.test');
  const res = await call(h.app, 'GET', '/api/audit-events', { cookie: admin });
  expect(res.statusCode).toBe(200);
  const events = (res.json() as { events: Record<string, unknown>[] }).events;
  return events.find((e) => e.requestId === requestId);
}

/** The request id of the latest settlement of a lost hours save. */
async function lastCheckId(): Promise<string> {
  const admin = await signIn(h.app, 'admin@demo.test');
  const res = await call(h.app, 'GET', '/api/audit-events?action=security_hours_attempt_settled', {
    cookie: admin,
  });
  return (res.json() as { events: { requestId: string }[] }).events[0].requestId;
}

/**
 * A save as the page makes it: the hours it read (the GET's answer) go with those to set, as
 * `expected`, so the BFF can refuse when someone changed them meanwhile.
 */
async function save(cookie: string, url: string, body: unknown) {
  const read = await call(h.app, 'GET', url, { cookie });
  const expected = (read.json() as { securityHours?: { days: unknown } }).securityHours?.days;
  return call(h.app, 'PUT', url, { cookie, body: { ...(body as object), expected } });
}

const updates = () => sandboxCallsOf(h.sandboxUrl, 'updateSecurityMarketHours');

describe('GET /api/market-hours (§4.13)', () => {
  it('answers the week Monday to Sunday, weekends closed, with the status now', async () => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    const res = await call(h.app, 'GET', '/api/market-hours', { cookie });
    expect(res.statusCode).toBe(200);
    const body = marketHoursResponseSchema.parse(res.json());
    expect(body.week.map((d) => d.weekday)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    expect(body.week.slice(5).every((d) => d.closed && d.opensAt === null)).toBe(true);
    const monday = body.week[0];
    if (!monday.closed) expect(monday.open).toBe(body.hours.monday.open);
    expect(typeof body.status.open).toBe('boolean');
  });

  it('is shared: repeated reads make one upstream call', async () => {
    // Earlier reads may have warmed the one-minute share; move the clock past it so the five
    // reads below start cold and must coalesce into exactly one call (zero would mean a stale
    // answer, more would mean no sharing).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const cookie = await signIn(h.app, 'investor2@demo.test');
      await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => call(h.app, 'GET', '/api/market-hours', { cookie })),
      );
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await sandboxCallsOf(h.sandboxUrl, 'getMarketHours')).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('on a market holiday answers the day closed by name, and the market closed today', async () => {
    // The document lists no holidays (§2.7); the week follows the exchange calendar the order
    // book uses. Thursday 2026-11-26 (Thanksgiving Day), 11:00 in New York.
    // Signed in on the real clock: a session begun with the clock set back is not accepted (401).
    const cookie = await signIn(h.app, 'investor2@demo.test');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-26T16:00:00Z'));
      const res = await call(h.app, 'GET', '/api/market-hours', { cookie });
      expect(res.statusCode).toBe(200);
      const body = marketHoursResponseSchema.parse(res.json());
      expect(body.week[3]).toMatchObject({
        date: '2026-11-26',
        closed: true,
        holiday: 'Thanksgiving Day',
        opensAt: null,
      });
      expect(body.week.filter((day) => day.holiday !== null)).toHaveLength(1);
      expect(body.status).toMatchObject({ open: false, holiday: 'Thanksgiving Day' });
      // Whatever the platform's hours, the next opening is not today.
      if (body.status.nextChange) {
        expect(body.status.nextChange > '2026-11-27T04:59:59.999Z').toBe(true);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('security trading hours (§4.14, §2.8)', () => {
  it('lists the issuer staff member’s own securities with names', async () => {
    const cookie = await signIn(h.app, 'issuer@demo.test');
    const res = await call(h.app, 'GET', '/api/securities', { cookie });
    expect(res.statusCode).toBe(200);
    const { securities } = securityListSchema.parse(res.json());
    expect(securities.map((s) => s.securityId).sort()).toEqual(
      h.manifest.issuers[0].securityIds!.map(String).sort(),
    );
    const named = sandboxSecurities.find((s) => String(s.securityId) === ownSecurity)!;
    expect(securities.find((s) => s.securityId === ownSecurity)?.securityName).toBe(
      named.securityName,
    );
  });

  it('lets issuer staff set the hours of their own security and answers the read-back', async () => {
    const cookie = await signIn(h.app, 'issuer@demo.test');
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const res = await save(cookie, `/api/securities/${ownSecurity}/market-hours`, hours);
    expect(res.statusCode).toBe(200);
    const { securityHours } = securityHoursResponseSchema.parse(res.json());
    expect(securityHours.securityId).toBe(ownSecurity);
    expect(securityHours.days.monday).toEqual({ closed: false, open: '08:15', close: '15:45' });
    expect(securityHours.days.wednesday.closed).toBe(true);
    expect(securityHours.days.friday).toMatchObject({ open: '09:30', close: '13:00' });
    expect(await updates()).toBe(1);

    const read = await call(h.app, 'GET', `/api/securities/${ownSecurity}/market-hours`, {
      cookie,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().securityHours.days.thursday).toMatchObject({
      open: '10:00',
      close: '14:00',
    });
  });

  it('refuses issuer staff on a security not linked to them, and investors on any (403)', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const issuer = await signIn(h.app, 'issuer@demo.test');
    const investor = await signIn(h.app, 'investor@demo.test');
    for (const [cookie, id] of [
      [issuer, otherSecurity],
      [investor, ownSecurity],
      [investor, otherSecurity],
    ]) {
      const res = await save(cookie, `/api/securities/${id}/market-hours`, hours);
      expect(res.statusCode).toBe(403);
    }
    expect(await updates()).toBe(0);
  });

  it('lets an admin set the hours of any security; compliance only reads them', async () => {
    const admin = await signIn(h.app, 'admin@demo.test');
    const url = `/api/securities/${otherSecurity}/market-hours`;
    expect((await save(admin, url, hours)).statusCode).toBe(200);
    const compliance = await signIn(h.app, 'compliance@demo.test');
    expect((await save(compliance, url, hours)).statusCode).toBe(403);
    expect((await call(h.app, 'GET', url, { cookie: compliance })).statusCode).toBe(200);
  });

  it('the hours of a security the platform does not know are "not found" (404), not a refusal', async () => {
    // The sandbox answers 106 naming securityId; getSecurityMarketHours reads that as no such
    // security (real-world notes §4.2, §5).
    const admin = await signIn(h.app, 'admin@demo.test');
    const res = await call(h.app, 'GET', '/api/securities/99999/market-hours', { cookie: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({
      code: 'not_found',
      message: 'Not found: no security 99999 exists on the platform.',
    });
  });

  it('an investor sees the trading hours an issuer set for a security (public market data)', async () => {
    const investor = await signIn(h.app, 'investor@demo.test');
    const list = await call(h.app, 'GET', '/api/securities', { cookie: investor });
    expect(list.statusCode).toBe(200);
    const read = await call(h.app, 'GET', `/api/securities/${ownSecurity}/market-hours`, {
      cookie: investor,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().securityHours).toHaveProperty('days');
  });

  it('rejects invalid hours with the field and rule, before any upstream call', async () => {
    const cookie = await signIn(h.app, 'issuer@demo.test');
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const cases: [unknown, RegExp][] = [
      [
        { ...hours, monday: { closed: false, open: '16:00', close: '09:30' } },
        /Monday closing time must be after/,
      ],
      [
        { ...hours, tuesday: { closed: false, open: '9:30', close: '16:00' } },
        /Tuesday opening time must be a 24-hour time/,
      ],
      [
        { ...hours, friday: { closed: false, open: '09:30', close: '24:00' } },
        /Friday closing time/,
      ],
      [{ monday: hours.monday }, /Tuesday/],
    ];
    for (const [body, message] of cases) {
      const res = await save(cookie, `/api/securities/${ownSecurity}/market-hours`, body);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().error.fields)).toMatch(message);
    }
    expect(await updates()).toBe(0);
  });
});

describe('two people saving the hours of one security', () => {
  const url = () => `/api/securities/${ownSecurity}/market-hours`;
  const read = async (cookie: string) =>
    securityHoursResponseSchema.parse((await call(h.app, 'GET', url(), { cookie })).json())
      .securityHours.days;

  it('refuses a save built on hours someone changed since (409), naming the day and its hours now, and sends nothing', async () => {
    const issuer = await signIn(h.app, 'issuer@demo.test');
    const admin = await signIn(h.app, 'admin@demo.test');
    expect((await save(admin, url(), hours)).statusCode).toBe(200);
    // The issuer opens the page; meanwhile the admin closes Friday.
    const issuerRead = await read(issuer);
    expect((await save(admin, url(), { ...hours, friday: { closed: true } })).statusCode).toBe(200);
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});

    // The issuer changes Monday only, on the page still showing Friday open.
    const mine = { ...hours, monday: { closed: false, open: '10:30', close: '15:45' } };
    const res = await call(h.app, 'PUT', url(), {
      cookie: issuer,
      body: { ...mine, expected: issuerRead },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'conflict',
      submitted: 'no',
      message:
        'Someone else changed Friday since you opened this page (now Closed): review and save again. Nothing was saved.',
      fields: [
        {
          field: 'friday',
          message: 'Someone else changed Friday since you opened this page: now Closed',
        },
      ],
    });
    // Nothing reached §4.14, the admin's Friday stands, and the log blames no one for it.
    expect(await updates()).toBe(0);
    expect((await read(issuer)).friday.closed).toBe(true);
    expect(await latestHoursEvent(ownSecurity)).toEqual({
      friday: { before: '09:30–13:00 ET', after: 'closed' },
    });

    // Saved again on the hours now held, the issuer's week is what they chose, Friday included.
    const again = await call(h.app, 'PUT', url(), {
      cookie: issuer,
      body: { ...mine, expected: await read(issuer) },
    });
    expect(again.statusCode).toBe(200);
    expect(await updates()).toBe(1);
    expect(await latestHoursEvent(ownSecurity)).toEqual({
      monday: { before: '08:15–15:45 ET', after: '10:30–15:45 ET' },
      friday: { before: 'closed', after: '09:30–13:00 ET' },
    });
  });

  it('two saves at once on the same hours do not cross: the later is refused with the earlier one’s hours, and only one is sent', async () => {
    const issuer = await signIn(h.app, 'issuer@demo.test');
    const admin = await signIn(h.app, 'admin@demo.test');
    expect((await save(admin, url(), hours)).statusCode).toBe(200);
    const opened = await read(issuer);
    expect(await read(admin)).toEqual(opened);
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    // The first save is slow at the platform: without a hold, the second reads the same hours
    // meanwhile, passes the check and overwrites the first unseen.
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'updateSecurityMarketHours',
      latencyMs: 300,
      times: 1,
    });
    const adminWeek = { ...hours, friday: { closed: true } };
    const issuerWeek = { ...hours, monday: { closed: false, open: '10:30', close: '15:45' } };
    const [first, second] = await Promise.all([
      call(h.app, 'PUT', url(), { cookie: admin, body: { ...adminWeek, expected: opened } }),
      call(h.app, 'PUT', url(), { cookie: issuer, body: { ...issuerWeek, expected: opened } }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      'Someone else changed Friday since you opened this page (now Closed): review and save again. Nothing was saved.',
    );
    expect(await updates()).toBe(1);
    // The first person's week stands.
    expect((await read(issuer)).friday.closed).toBe(true);
    expect((await read(issuer)).monday).toMatchObject({ open: '08:15', close: '15:45' });
  });

  it('names every day changed since, with its hours now', async () => {
    const issuer = await signIn(h.app, 'issuer@demo.test');
    expect((await save(issuer, url(), hours)).statusCode).toBe(200);
    const issuerRead = await read(issuer);
    const admin = await signIn(h.app, 'admin@demo.test');
    const changed = {
      ...hours,
      monday: { closed: true },
      thursday: { closed: false, open: '09:00', close: '17:30' },
    };
    expect((await save(admin, url(), changed)).statusCode).toBe(200);
    const res = await call(h.app, 'PUT', url(), {
      cookie: issuer,
      body: { ...hours, expected: issuerRead },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'Someone else changed Monday and Thursday since you opened this page (Monday now Closed, Thursday now 9:00 AM – 5:30 PM): review and save again. Nothing was saved.',
    );
    expect(res.json().error.fields.map((f: { field: string }) => f.field)).toEqual([
      'monday',
      'thursday',
    ]);
  });

  it('refuses a save that does not say which hours it was built on (400 naming expected)', async () => {
    const issuer = await signIn(h.app, 'issuer@demo.test');
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const res = await call(h.app, 'PUT', url(), { cookie: issuer, body: hours });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      {
        field: 'expected',
        message: 'expected must be the hours read before the edit, as the GET answers them',
      },
    ]);
    expect(await updates()).toBe(0);
  });
});

describe('the audit event of a trading-hours save', () => {
  it('records the hours before and after of each day that changed', async () => {
    const issuer = await signIn(h.app, 'issuer@demo.test');
    const url = `/api/securities/${ownSecurity}/market-hours`;
    expect((await save(issuer, url, hours)).statusCode).toBe(200);
    const changed: WeekHoursInput = {
      ...hours,
      tuesday: { closed: true },
      wednesday: { closed: false, open: '11:00', close: '12:30' },
    };
    expect((await save(issuer, url, changed)).statusCode).toBe(200);
    expect(await latestHoursEvent(ownSecurity)).toEqual({
      tuesday: { before: '09:30–16:00 ET', after: 'closed' },
      wednesday: { before: 'closed', after: '11:00–12:30 ET' },
    });

    expect((await save(issuer, url, changed)).statusCode).toBe(200);
    expect(await latestHoursEvent(ownSecurity)).toEqual({ unchanged: true });
  });
});

// Last: the failures below may open the upstream circuit breakers of the operations they fail.
describe('security trading hours when the platform fails', () => {
  afterEach(async () => {
    await clearFaults(h.sandboxUrl);
    h.built.deps.orderBook.invalidate();
  });

  it('a save whose answer is lost is in the audit log: unknown, with the hours asked for and its support id', async () => {
    const issuer = await signIn(h.app, 'issuer@demo.test');
    const url = `/api/securities/${ownSecurity}/market-hours`;
    const asked: WeekHoursInput = {
      ...hours,
      wednesday: { closed: false, open: '11:00', close: '16:00' },
    };
    // A dropped connection, then a 5xx: either may have been applied by the platform.
    for (const fault of [{ drop: true }, { httpStatus: 500 }]) {
      await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
        operation: 'updateSecurityMarketHours',
        times: 1,
        ...fault,
      });
      const res = await save(issuer, url, asked);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      const { requestId, submitted } = apiErrorOf(res);
      expect(submitted).toBe('unknown');
      const event = await hoursEventOf(requestId!);
      expect(event).toMatchObject({
        action: 'request_outcome_unknown',
        userEmail: 'issuer@demo.test',
        objectType: 'security',
        objectId: ownSecurity,
        outcome: 'unknown',
        details: {
          route: 'PUT /api/securities/:securityId/market-hours',
          security: ownSecurity,
          asked: {
            monday: '08:15–15:45 ET',
            tuesday: '09:30–16:00 ET',
            wednesday: '11:00–16:00 ET',
            thursday: '10:00–14:00 ET',
            friday: '09:30–13:00 ET',
          },
        },
      });
    }
  });

  /**
   * Issuer staff save `hours` on their own security, then ask for Thursday from `opens` and the
   * connection drops before the platform has that save (the sandbox's `drop`).
   */
  async function loseThursdaySave(opens: string) {
    const issuer = await signIn(h.app, 'issuer@demo.test');
    const url = `/api/securities/${ownSecurity}/market-hours`;
    expect((await save(issuer, url, hours)).statusCode).toBe(200);
    const asked: WeekHoursInput = {
      ...hours,
      thursday: { closed: false, open: opens, close: '16:00' },
    };
    await dropNextCall(h.sandboxUrl, 'updateSecurityMarketHours');
    const lost = await save(issuer, url, asked);
    return { issuer, url, asked, lost };
  }

  it('the check of a lost save says whether the platform holds the hours asked for, and settles it in the audit log', async () => {
    const { issuer, url, asked, lost } = await loseThursdaySave('11:45');
    const attempt = lost.json().error.requestId as string;

    const check = await call(h.app, 'POST', `${url}/check`, {
      cookie: issuer,
      body: { asked, attempt },
    });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({
      saved: false,
      securityHours: { days: { thursday: { open: '10:00', close: '14:00' } } },
    });
    expect(await hoursEventOf(await lastCheckId())).toMatchObject({
      action: 'security_hours_attempt_settled',
      userEmail: 'issuer@demo.test',
      objectType: 'security',
      objectId: ownSecurity,
      outcome: 'succeeded',
      details: {
        settled: 'not_saved',
        attempts: [attempt],
        asked: { thursday: '11:45–16:00 ET' },
        held: { thursday: '10:00–14:00 ET' },
      },
    });

    // Saved again, as the page offers. The lost save stays settled as the check found it: checking
    // it again would find the new save's hours and contradict the first finding, so it is refused
    // and records nothing.
    const firstFinding = await lastCheckId();
    expect((await save(issuer, url, asked)).statusCode).toBe(200);
    const again = await call(h.app, 'POST', `${url}/check`, {
      cookie: issuer,
      body: { asked, attempt },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ submitted: 'no' });
    expect(again.json().error.message).toMatch(/^This lost save was checked already/);
    expect(await lastCheckId()).toBe(firstFinding);

    // A save that gave no answer at all has no support id: its check finds the hours asked for.
    const unnamed = await call(h.app, 'POST', `${url}/check`, { cookie: issuer, body: { asked } });
    expect(unnamed.json()).toMatchObject({ saved: true });
    expect(await hoursEventOf(await lastCheckId())).toMatchObject({
      details: { settled: 'saved', attempts: [], held: { thursday: '11:45–16:00 ET' } },
    });

    // Only who may save the hours checks them.
    const investor = await signIn(h.app, 'investor@demo.test');
    const refused = await call(h.app, 'POST', `${url}/check`, {
      cookie: investor,
      body: { asked, attempt },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('a lost save is settled from the changes list after the page that made it was left: named by its id there', async () => {
    // The person then reloads the page, so the support id its warning showed is gone with it.
    const { issuer, url, asked, lost } = await loseThursdaySave('12:15');
    expect(lost.json().error.submitted).toBe('unknown');
    const before = hoursChangesResponseSchema.parse(
      (await call(h.app, 'GET', `${url}/changes`, { cookie: issuer })).json(),
    ).changes;
    const listed = before[0];
    expect(listed).toMatchObject({ outcome: 'unknown', settled: null });

    // The page sends the hours in its form, here those the platform holds; the lost save asked for
    // others, and those, kept in the log, are what the check compares.
    expect(asked).not.toEqual(hours);
    const check = await call(h.app, 'POST', `${url}/check`, {
      cookie: issuer,
      body: { asked: hours, change: listed.id },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ saved: false });
    expect(await hoursEventOf(await lastCheckId())).toMatchObject({
      details: {
        settled: 'not_saved',
        attempts: [lost.json().error.requestId],
        asked: { thursday: '12:15–16:00 ET' },
        held: { thursday: '10:00–14:00 ET' },
      },
    });
    const twice = await call(h.app, 'POST', `${url}/check`, {
      cookie: issuer,
      body: { asked, change: listed.id },
    });
    expect(twice.statusCode).toBe(409);
    // The finding names the lost save by its support id, found in the log: the list settles it,
    // in the save's own entry (the check is no change of its own).
    const settled = hoursChangesResponseSchema.parse(
      (await call(h.app, 'GET', `${url}/changes`, { cookie: issuer })).json(),
    ).changes;
    expect(settled[0]).toMatchObject({
      id: listed.id,
      outcome: 'unknown',
      settled: { result: 'not_saved', by: 'issuer@demo.test' },
    });
    expect(settled.map((c) => c.id)).toEqual(before.map((c) => c.id));

    // An id that is no lost save of this security settles nothing: here, a save that answered.
    const answered = settled.find((c) => c.outcome !== 'unknown');
    expect(answered).toBeDefined();
    const wrong = await call(h.app, 'POST', `${url}/check`, {
      cookie: issuer,
      body: { asked, change: answered!.id },
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.message).toMatch(/no lost save of these hours/);
  });

  it('a save the platform refuses is in the audit log as refused, with its words and the hours asked for', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'updateSecurityMarketHours',
      statusCode: '106',
      times: 1,
    });
    const issuer = await signIn(h.app, 'issuer@demo.test');
    const res = await save(issuer, `/api/securities/${ownSecurity}/market-hours`, hours);
    expect(res.json().error).toMatchObject({ submitted: 'no' });
    const event = await hoursEventOf(res.json().error.requestId as string);
    expect(event).toMatchObject({
      action: 'security_hours_updated',
      objectId: ownSecurity,
      outcome: 'denied',
      reason: res.json().error.message,
      details: { asked: { wednesday: 'closed', friday: '09:30–13:00 ET' } },
    });
  });

  it('on a market holiday lists the securities of the last trading day, never asking for the holiday’s book', async () => {
    // Thursday 2026-11-26 (Thanksgiving Day), noon in New York: the exchange does not trade, so
    // its book holds nothing; the Wednesday's names the securities. The holiday's book, were it
    // asked for, fails here, which a reviewer would read as a gap.
    const compliance = await signIn(h.app, 'compliance@demo.test');
    h.built.deps.orderBook.invalidate();
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getOrdersForADay',
      httpStatus: 503,
      when: { date: '11-26-2026' },
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-26T17:00:00Z'));
      const res = await call(h.app, 'GET', '/api/securities', { cookie: compliance });
      expect(res.statusCode).toBe(200);
      const body = securityListSchema.parse(res.json());
      expect(body.gaps).toEqual([]);
      expect(body.securities.map((s) => s.securityId).sort()).toEqual(
        sandboxSecurities.map((s) => String(s.securityId)).sort(),
      );
    } finally {
      vi.useRealTimers();
      await clearFaults(h.sandboxUrl);
      h.built.deps.orderBook.invalidate();
    }
  });

  it('a reviewer whose order book cannot be read still lists the securities last read, and is told why', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    // A list read whole once, then the book fails.
    const before = securityListSchema.parse(
      (await call(h.app, 'GET', '/api/securities', { cookie: compliance })).json(),
    );
    expect(before.securities.length).toBeGreaterThan(0);
    h.built.deps.orderBook.invalidate();
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getOrdersForADay',
      httpStatus: 503,
    });
    const res = await call(h.app, 'GET', '/api/securities', { cookie: compliance });
    expect(res.statusCode).toBe(200);
    const body = securityListSchema.parse(res.json());
    expect(body.securities).toEqual(before.securities);
    expect(body.gaps).toHaveLength(1);
    // The day as the pages write it ("November 27, 2026"), never 2026-11-27; a support id. The
    // list read before is today's book, or before today's session opens (the sandbox's book
    // holds the orders placed by its clock) the previous trading day's, named as such.
    const day = '[A-Z][a-z]+ \\d{1,2}, \\d{4}';
    expect(body.gaps[0]).toMatch(
      new RegExp(
        `^The order book of ${day}, which lists the securities, could not be read right now\\. Listed are the securities (as read earlier|of the order book of ${day}); open any other by its ID\\. If this keeps happening, contact support and give them this reference: \\S+\\.$`,
      ),
    );
    expect(body.gaps[0]).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // The hours of a listed security are still read: the book's failure stays on the book.
    const read = await call(
      h.app,
      'GET',
      `/api/securities/${body.securities[0].securityId}/market-hours`,
      { cookie: compliance },
    );
    expect(read.statusCode).toBe(200);
  });

  /**
   * Runs `test` with an order-book cache of its own: what it reads (a part kept to read on from,
   * or nothing) must not reach other tests.
   */
  async function withOwnOrderBook(test: () => Promise<void>): Promise<void> {
    const cache = h.built.deps.orderBook;
    h.built.deps.orderBook = new OrderBookCache(h.built.deps.upstream);
    try {
      await test();
    } finally {
      h.built.deps.orderBook = cache;
    }
  }

  it('a reviewer whose order book was read only in part is told so, as the order book says it', async () => {
    // The day's book must hold more than one page (§4.1, 500 a call): the sandbox's book of today
    // holds the orders placed by its clock, a few dozen in the first minutes of the session, so
    // its clock is set past the end of today's session for this test.
    await callSandbox(h.sandboxUrl, '/__sandbox/clock', { at: Date.now() + 2 * 86_400_000 });
    try {
      await partOfTheBookRead();
    } finally {
      await callSandbox(h.sandboxUrl, '/__sandbox/clock', { at: Date.now() });
    }
  });

  const partOfTheBookRead = () =>
    withOwnOrderBook(async () => {
      // One page of the day (§4.1, 500 orders a call) fails every time it is asked for.
      await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
        operation: 'getOrdersForADay',
        httpStatus: 500,
        when: { limitStart: '500' },
      });
      const compliance = await signIn(h.app, 'compliance@demo.test');
      const res = await call(h.app, 'GET', '/api/securities', { cookie: compliance });
      expect(res.statusCode).toBe(200);
      const body = securityListSchema.parse(res.json());
      expect(body.securities.length).toBeGreaterThan(0);
      expect(body.gaps).toEqual([
        expect.stringMatching(
          /^Part of the order book of [A-Z][a-z]+ \d{1,2}, \d{4}, which lists the securities, could not be read: the first 500 orders of the day were read; the orders from number 501 on \(if the day has more\) could not be read\. Listed are the securities of the orders read only; open any other by its ID\. .+ If this keeps happening, contact support and give them this reference: \S+\.$/,
        ),
      ]);
    });

  it('an investor whose order book was never read lists the securities issuers set hours for, by ID', async () => {
    await withOwnOrderBook(async () => {
      await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
        operation: 'getOrdersForADay',
        httpStatus: 503,
      });
      const investor = await signIn(h.app, 'investor@demo.test');
      const res = await call(h.app, 'GET', '/api/securities', { cookie: investor });
      expect(res.statusCode).toBe(200);
      const body = securityListSchema.parse(res.json());
      // The demo's issuer staff (issuer@demo.test) are linked to the first issuer's securities.
      expect(body.securities.map((s) => s.securityId)).toEqual(
        h.manifest.issuers[0].securityIds!.map(String).sort(),
      );
      expect(body.securities.every((s) => s.securityName === null)).toBe(true);
      expect(body.gaps).toEqual([
        expect.stringMatching(
          /could not be read right now\. Listed by ID are the securities whose issuers use this portal; open any other by its ID\. If this keeps happening, contact support and give them this reference: \S+\.$/,
        ),
      ]);
    });
  });

  it('issuer staff still get their securities by id, and are told the names could not be read', async () => {
    h.built.deps.orderBook.invalidate();
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getOrdersForADay',
      httpStatus: 503,
    });
    const issuer = await signIn(h.app, 'issuer@demo.test');
    const res = await call(h.app, 'GET', '/api/securities', { cookie: issuer });
    expect(res.statusCode).toBe(200);
    const body = securityListSchema.parse(res.json());
    expect(body.securities).toEqual(
      h.manifest.issuers[0].securityIds!.map((id) => ({
        securityId: String(id),
        securityName: null,
      })),
    );
    expect(body.gaps).toEqual([
      expect.stringMatching(/names of your securities could not be read/),
    ]);
  });

  it('a save whose earlier hours cannot be read is not sent: without them no one can tell whether it would undo another change', async () => {
    const admin = await signIn(h.app, 'admin@demo.test');
    const url = `/api/securities/${otherSecurity}/market-hours`;
    const expected = (await call(h.app, 'GET', url, { cookie: admin })).json().securityHours.days;
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getSecurityMarketHours',
      httpStatus: 503,
    });
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const res = await call(h.app, 'PUT', url, { cookie: admin, body: { ...hours, expected } });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({ code: 'upstream_unavailable', submitted: 'no' });
    expect(res.json().error.message).toMatch(
      /^The hours were not saved: the hours the platform holds now could not be read, to check that no one changed them since you opened this page\. Nothing was sent\./,
    );
    expect(await updates()).toBe(0);
  });
});
