import { beforeAll, describe, expect, it } from 'vitest';
import { accountDetailSchema, accountListSchema } from '../../contract/account-views';
import {
  custodyAccountResultSchema,
  fundMoveDetailSchema,
  fundMoveViewPageSchema,
} from '../../contract/custody-views';
import { call, callSandbox, signIn, startHarness, useHarness } from './harness';

/* Reads of the investor journeys: account, custody account (§4.15) and fund moves (§4.3, §4.4). */

let investor: string;
let investor2: string;
let accountA: string;
let accountB: string;

const h = useHarness();
beforeAll(async () => {
  investor = await signIn(h.app, 'investor@demo.test');
  investor2 = await signIn(h.app, 'investor2@demo.test');
  [accountA, accountB] = h.manifest.investors[0].accountIds;
});

const get = (url: string, cookie: string) => call(h.app, 'GET', url, { cookie });

describe('my accounts', () => {
  it("lists the investor's linked accounts only", async () => {
    const res = await get('/api/accounts', investor);
    expect(res.statusCode).toBe(200);
    const { accounts } = accountListSchema.parse(res.json());
    expect(accounts.map((a) => a.id).sort()).toEqual([accountA, accountB].sort());
    expect(accounts.every((a) => a.loaded)).toBe(true);
  });

  it('answers one account with review statuses, and the tax id masked on the server', async () => {
    const res = await get(`/api/accounts/${accountA}`, investor);
    expect(res.statusCode).toBe(200);
    const { account } = accountDetailSchema.parse(res.json());
    expect(account.id).toBe(accountA);
    expect(account.reviews.kyc).toHaveProperty('status');
    expect(res.json().account).not.toHaveProperty('taxId');
    if (account.taxIdMasked) expect(account.taxIdMasked).toMatch(/^[•-]+(\d{4}|••••)$/);
    expect(res.body).not.toMatch(/\d{3}-\d{2}-\d{4}|\b\d{9}\b/);
  });

  it('lets compliance read any account, masked, and audits the read', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const res = await get(`/api/accounts/${accountA}`, compliance);
    expect(res.statusCode).toBe(200);
    expect(res.json().account).not.toHaveProperty('taxId');
    const events = await h.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'account_viewed')
      .where('user_email', '=', 'compliance@demo.test')
      .execute();
    expect(events.some((e) => e.object_id === accountA)).toBe(true);
  });

  it("audits each reviewer read of an account's parts, naming what was read, and no investor read", async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const parts = ['', '/custody-account', '/linked-bank', '/fund-moves', '/timeline'];
    const viewsOf = async (email: string) =>
      (
        await h.db
          .selectFrom('audit_events')
          .select(['object_id', 'details'])
          .where('action', '=', 'account_viewed')
          .where('user_email', '=', email)
          .orderBy('id')
          .execute()
      ).map((e) => [e.object_id, (e.details as { read?: string } | null)?.read]);
    const before = (await viewsOf('compliance@demo.test')).length;
    for (const part of parts) {
      const res = await get(`/api/accounts/${accountA}${part}`, compliance);
      expect(res.statusCode, part).toBe(200);
      expect((await get(`/api/accounts/${accountA}${part}`, investor)).statusCode, part).toBe(200);
    }
    expect((await viewsOf('compliance@demo.test')).slice(before)).toEqual(
      parts.map((part) => [accountA, `GET /api/accounts/:accountId${part}`]),
    );
    expect(await viewsOf('investor@demo.test')).toEqual([]);
  });

  it('leaves out for its investor what the platform keeps for staff: reviewers, notes, tags, custom fields', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const staff = accountDetailSchema.parse(
      (await get(`/api/accounts/${accountA}`, compliance)).json(),
    ).account;
    // The seeded account has them (§2.5), as compliance reads them.
    expect(staff.reviews.approval.principal).not.toBeNull();
    expect(staff.suitability.approver).not.toBeNull();
    expect(staff.tags).not.toBeNull();

    const own = accountDetailSchema.parse(
      (await get(`/api/accounts/${accountA}`, investor)).json(),
    ).account;
    expect(own.reviews.approval).toEqual({ ...staff.reviews.approval, principal: null });
    expect(own.suitability).toEqual({ ...staff.suitability, approver: null });
    expect(own).toMatchObject({
      associatedAccount: null,
      syndicate: null,
      tags: null,
      notes: null,
      customFields: [null, null, null],
    });
    // What the investor's page shows is all there.
    expect(own).toMatchObject({
      id: staff.id,
      name: staff.name,
      address: staff.address,
      limits: staff.limits,
      taxIdMasked: staff.taxIdMasked,
    });
  });

  it('reads an account id typed in lower case as the platform writes it, for its holder and a reviewer, and never for another investor', async () => {
    const lower = accountA.toLowerCase();
    expect(lower).not.toBe(accountA);
    const own = await get(`/api/accounts/${lower}`, investor);
    expect(own.statusCode, own.body).toBe(200);
    expect(accountDetailSchema.parse(own.json()).account.id).toBe(accountA);
    const moves = await get(`/api/accounts/${lower}/fund-moves`, investor);
    expect(moves.json()).toEqual(
      (await get(`/api/accounts/${accountA}/fund-moves`, investor)).json(),
    );

    const compliance = await signIn(h.app, 'compliance@demo.test');
    const note = await call(h.app, 'POST', `/api/accounts/${accountA}/notes`, {
      cookie: compliance,
      body: { body: 'Checked the address on file against the ID.' },
    });
    expect(note.statusCode, note.body).toBe(201);
    const notes = await get(`/api/accounts/${lower}/notes`, compliance);
    expect(notes.json().notes.map((n: { id: string }) => n.id)).toContain(note.json().id);

    // Another investor's account in lower case is still another's.
    expect((await get(`/api/accounts/${lower}`, investor2)).statusCode).toBe(403);
    expect((await get(`/api/accounts/${lower}/fund-moves`, investor2)).statusCode).toBe(403);
  });

  it('refuses issuer staff', async () => {
    const issuer = await signIn(h.app, 'issuer@demo.test');
    expect((await get(`/api/accounts/${accountA}`, issuer)).statusCode).toBe(403);
  });
});

describe('custody account (§4.15)', () => {
  it('shows status, restriction and approval date', async () => {
    const res = await get(`/api/accounts/${accountA}/custody-account`, investor);
    expect(res.statusCode).toBe(200);
    const result = custodyAccountResultSchema.parse(res.json());
    expect(result.state).toBe('available');
    if (result.state === 'available') {
      expect(result.custodyAccount.accountId).toBe(accountA);
      expect(result.custodyAccount.status).toBe('approved');
      expect(typeof result.custodyAccount.restricted).toBe('boolean');
    }
  });

  it('leaves out for its investor what the platform keeps for staff (§2.12): the principal reviewer and notes', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const staff = custodyAccountResultSchema.parse(
      (await get(`/api/accounts/${accountA}/custody-account`, compliance)).json(),
    );
    const own = custodyAccountResultSchema.parse(
      (await get(`/api/accounts/${accountA}/custody-account`, investor)).json(),
    );
    if (staff.state !== 'available' || own.state !== 'available') throw new Error('not read');
    // The seeded custody account has a principal reviewer, as compliance reads it.
    expect(staff.custodyAccount.principalReviewBy).toBeTruthy();
    expect(own.custodyAccount).toEqual({
      ...staff.custodyAccount,
      principalReviewBy: null,
      notes: null,
    });
  });

  it('says plainly when the platform key lacks custody_account.read.pii_medium (110)', async () => {
    const limited = await startHarness({ limitedKey: true });
    try {
      const cookie = await signIn(limited.app, 'investor@demo.test');
      const res = await call(limited.app, 'GET', `/api/accounts/${accountA}/custody-account`, {
        cookie,
      });
      expect(res.statusCode).toBe(200);
      const result = custodyAccountResultSchema.parse(res.json());
      expect(result).toMatchObject({ state: 'unavailable', reason: 'permission' });
      if (result.state === 'unavailable') expect(result.message).toMatch(/not permitted/);
    } finally {
      await limited.close();
    }
  });
});

describe('a portal run with body credentials (TRANSACT_AUTH=body, §5 rules 4 and 6)', () => {
  it('an investor opening the custody panel is told the configuration error, and the instance is ready for the rest', async () => {
    const body = await startHarness({ env: { TRANSACT_AUTH: 'body' } });
    try {
      const cookie = await signIn(body.app, 'investor@demo.test');
      const res = await call(body.app, 'GET', `/api/accounts/${accountA}/custody-account`, {
        cookie,
      });
      expect(res.statusCode).toBe(200);
      const result = custodyAccountResultSchema.parse(res.json());
      expect(result).toMatchObject({ state: 'unavailable', reason: 'configuration' });
      if (result.state === 'unavailable') {
        expect(result.message).toMatch(/TRANSACT_AUTH=body/);
        expect(result.message).not.toMatch(/try again/i);
      }
      // Everything else is served: a load balancer following /readyz sends people to it.
      const ready = await call(body.app, 'GET', '/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
    } finally {
      await body.close();
    }
  });
});

describe("the platform refuses the portal's credentials on the custody read (§3: 103)", () => {
  it('is not mistaken for the body-credential setting: the custody panel fails as a service error', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getCustodyAccount',
      statusCode: '103',
      when: { accountId: accountA },
      times: 1,
    });
    const res = await get(`/api/accounts/${accountA}/custody-account`, investor);
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    const { error } = res.json() as { error: { message: string; submitted: string } };
    expect(error.message).not.toMatch(/TRANSACT_AUTH/);
    expect(error.submitted).toBe('no');
    // The fault was spent: the next read shows the account.
    const again = custodyAccountResultSchema.parse(
      (await get(`/api/accounts/${accountA}/custody-account`, investor)).json(),
    );
    expect(again.state).toBe('available');
  });
});

describe('compliance reviews an account with no fund moves (§4.3: an empty page ends at -1)', () => {
  it('a compliance reviewer opens the fund moves of every account found, and none fails', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const ids = new Set<string>();
    for (const q of ['an', 'er', 'on', 'quinn']) {
      const found = (await get(`/api/compliance/search?q=${q}`, compliance)).json() as {
        accounts: { id: string }[];
      };
      for (const account of found.accounts) ids.add(account.id);
    }
    expect(ids.size).toBeGreaterThan(2);
    const pages = await Promise.all(
      [...ids].map(async (id) => {
        const res = await get(`/api/accounts/${id}/fund-moves`, compliance);
        expect(res.statusCode, `${id}: ${res.body}`).toBe(200);
        return fundMoveViewPageSchema.parse(res.json());
      }),
    );
    // The seed holds accounts without fund moves; their page reads as empty.
    expect(pages.some((page) => page.moves.length === 0 && page.totalRecords === 0)).toBe(true);
  });
});

describe('fund moves (§4.3, §4.4)', () => {
  it('pages newest first as the upstream pages, with numbers masked and statuses lower-cased', async () => {
    const first = fundMoveViewPageSchema.parse(
      (await get(`/api/accounts/${accountA}/fund-moves?offset=0&limit=3`, investor)).json(),
    );
    expect(first.moves.length).toBeGreaterThan(0);
    expect(first.startIndex).toBe(0);
    const dates = first.moves.map((m) => m.createdAt ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const move of first.moves) {
      expect(move.accountId).toBe(accountA);
      expect(move.status).toBe(move.status.toLowerCase());
      for (const masked of [move.bankAccountNumberMasked, move.routingNumberMasked]) {
        if (masked) expect(masked).toMatch(/^••••.{0,4}$/);
      }
    }
    if (first.totalRecords > 3) {
      const second = fundMoveViewPageSchema.parse(
        (await get(`/api/accounts/${accountA}/fund-moves?offset=3&limit=3`, investor)).json(),
      );
      expect(second.startIndex).toBe(3);
      const refs = new Set(first.moves.map((m) => m.referenceNumber));
      expect(second.moves.some((m) => refs.has(m.referenceNumber))).toBe(false);
    }
  });

  it('shows one move of the account, and 404 for a reference of another account', async () => {
    const page = fundMoveViewPageSchema.parse(
      (await get(`/api/accounts/${accountA}/fund-moves`, investor)).json(),
    );
    const reference = page.moves[0].referenceNumber;
    const own = await get(`/api/accounts/${accountA}/fund-moves/${reference}`, investor);
    expect(own.statusCode).toBe(200);
    expect(fundMoveDetailSchema.parse(own.json()).move.referenceNumber).toBe(reference);

    // The same reference under the investor's other account: not a proof of ownership.
    const crossed = await get(`/api/accounts/${accountB}/fund-moves/${reference}`, investor);
    expect(crossed.statusCode).toBe(404);
    const unknown = await get(`/api/accounts/${accountA}/fund-moves/NOPE123`, investor);
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses the second investor on the first investor's account, and audits it", async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    for (const url of [
      `/api/accounts/${accountA}`,
      `/api/accounts/${accountA}/custody-account`,
      `/api/accounts/${accountA}/fund-moves`,
      `/api/accounts/${accountA}/fund-moves/CFM1`,
    ]) {
      expect((await get(url, investor2)).statusCode).toBe(403);
    }
    const calls = (await callSandbox(h.sandboxUrl, '/__sandbox/calls')) as { total: number };
    expect(calls.total).toBe(0);
    const denied = await h.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'access_denied')
      .where('user_email', '=', 'investor2@demo.test')
      .where('object_id', '=', accountA)
      .execute();
    expect(denied.length).toBeGreaterThanOrEqual(4);
  });
});
