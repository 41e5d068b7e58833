import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { auditPageSchema } from '../../contract/audit';
import {
  accountNotesSchema,
  complianceFundMovesSchema,
  complianceSearchResultSchema,
} from '../../contract/compliance';
import { revealResponseSchema } from '../../contract/personal-data';
import { recordAudit } from '../store/audit';
import {
  call,
  callSandbox,
  clearFaults,
  newUser,
  sandboxCallsOf,
  signIn,
  useHarness,
} from './harness';

let compliance: string;
const h = useHarness();
beforeAll(async () => {
  compliance = await signIn(h.app, 'compliance@demo.test');
});

const complianceRoutes: [string, string, unknown?][] = [
  ['GET', '/api/compliance/search?q=quinn'],
  ['GET', '/api/compliance/fund-moves'],
  ['GET', '/api/compliance/fund-moves/export.csv'],
  [
    'POST',
    '/api/personal-data/reveal',
    {
      objectType: 'account',
      objectId: 'A1040000',
      field: 'taxId',
      reason: 'Checking a KYC mismatch',
    },
  ],
  ['GET', '/api/audit-events'],
  ['GET', '/api/audit-events/export.csv'],
];

/** Asks, as the compliance reviewer, to see one field of a record in full (with the reason given). */
const reveal = (body: {
  objectType: string;
  objectId: string;
  field: string;
  reason: string;
  accountId?: string;
}) => call(h.app, 'POST', '/api/personal-data/reveal', { cookie: compliance, body });

describe('compliance routes are closed to investors and issuer staff', () => {
  it.each(['investor@demo.test', 'investor2@demo.test', 'issuer@demo.test'])(
    '%s gets 403 everywhere, nothing sent upstream',
    async (email) => {
      const cookie = await signIn(h.app, email);
      await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
      for (const [method, url, body] of complianceRoutes) {
        const res = await call(h.app, method as 'GET', url, { cookie, body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.body).not.toContain('154728860');
      }
      const calls = (await callSandbox(h.sandboxUrl, '/__sandbox/calls')) as { total: number };
      expect(calls.total).toBe(0);
    },
  );
});

describe('search (searchAccount §4.11, searchEntity §4.12)', () => {
  it('finds accounts and entities with tax ids and EINs masked', async () => {
    const res = await call(h.app, 'GET', '/api/compliance/search?q=ellis', { cookie: compliance });
    expect(res.statusCode).toBe(200);
    const result = complianceSearchResultSchema.parse(res.json());
    expect(result.accounts.length).toBeGreaterThan(0);
    expect(result.entities.length).toBeGreaterThan(0);
    for (const a of result.accounts) if (a.taxIdMasked) expect(a.taxIdMasked).toMatch(/^•/);
    for (const e of result.entities) if (e.einMasked) expect(e.einMasked).toMatch(/^••-•••\d{4}$/);
    // No clear value under its own key ("taxIdKind": "ein" only names the kind).
    expect(res.body).not.toMatch(/"(taxId|ein)":/);
    expect(res.body).not.toMatch(/\d{2}-\d{7}/);
  });

  it('writes whose profiles a search showed to the audit log, as opening an account does: the ids, not the words searched for', async () => {
    const res = await call(h.app, 'GET', '/api/compliance/search?q=ellis', { cookie: compliance });
    const result = complianceSearchResultSchema.parse(res.json());
    const event = await h.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'accounts_searched')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ user_email: 'compliance@demo.test', outcome: 'allowed' });
    const details = typeof event.details === 'string' ? JSON.parse(event.details) : event.details;
    expect(details).toEqual({
      accounts: result.accounts.length,
      entities: result.entities.length,
      accountIds: result.accounts.map((a) => a.id),
      entityIds: result.entities.map((e) => e.id),
    });
    expect(JSON.stringify(details).toLowerCase()).not.toContain('ellis');
  });

  it("masks an account's tax id in the form its type gives it: an entity's EIN, a person's SSN (§2.5 type)", async () => {
    const res = await call(h.app, 'GET', '/api/compliance/search?q=ellis', { cookie: compliance });
    const { accounts } = complianceSearchResultSchema.parse(res.json());
    const entity = accounts.find((a) => a.type === 'entity' && a.taxIdMasked);
    const person = accounts.find((a) => a.type === 'individual' && a.taxIdMasked);
    expect(entity, 'an entity account matching "ellis"').toBeDefined();
    expect(person, 'an individual account matching "ellis"').toBeDefined();
    expect(entity).toMatchObject({
      taxIdKind: 'ein',
      taxIdMasked: expect.stringMatching(/^••-•••\d{4}$/),
    });
    expect(person).toMatchObject({
      taxIdKind: 'ssn',
      taxIdMasked: expect.stringMatching(/^•••-••-\d{4}$/),
    });
    const detail = await call(h.app, 'GET', `/api/accounts/${entity!.id}`, {
      cookie: compliance,
    });
    expect(detail.json().account).toMatchObject({
      taxIdKind: 'ein',
      taxIdMasked: entity!.taxIdMasked,
    });
  });

  it('still lists the accounts when searchEntity fails, and says the entities went unsearched', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'searchEntity',
      httpStatus: 503,
      when: { searchKeyword: 'quinn' },
    });
    try {
      const res = await call(h.app, 'GET', '/api/compliance/search?q=quinn', {
        cookie: compliance,
      });
      expect(res.statusCode).toBe(200);
      const result = complianceSearchResultSchema.parse(res.json());
      expect(result.accounts.length).toBeGreaterThan(0);
      expect(result.entities).toEqual([]);
      expect(result.unsearched).toEqual(['entities']);
    } finally {
      await clearFaults(h.sandboxUrl);
    }
    const again = complianceSearchResultSchema.parse(
      (await call(h.app, 'GET', '/api/compliance/search?q=ellis', { cookie: compliance })).json(),
    );
    expect(again.unsearched).toEqual([]);
  });

  it('needs at least 2 characters', async () => {
    const res = await call(h.app, 'GET', '/api/compliance/search?q=a', { cookie: compliance });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0]).toMatchObject({
      field: 'query.q',
      message: 'Enter at least 2 characters',
    });
  });
});

describe('fund moves across accounts (getCustodyFundMoves §4.3 without accountId)', () => {
  it('lists moves of many accounts, paged, bank numbers masked', async () => {
    const res = await call(h.app, 'GET', '/api/compliance/fund-moves', { cookie: compliance });
    expect(res.statusCode).toBe(200);
    const page = complianceFundMovesSchema.parse(res.json());
    expect(page.totalRecords).toBeGreaterThan(page.pageSize);
    expect(page.moves).toHaveLength(page.pageSize);
    expect(new Set(page.moves.map((m) => m.accountId)).size).toBeGreaterThan(1);
    for (const m of page.moves) {
      if (m.bankAccountNumberMasked) expect(m.bankAccountNumberMasked).toMatch(/^••••/);
    }
    const second = complianceFundMovesSchema.parse(
      (
        await call(h.app, 'GET', '/api/compliance/fund-moves?page=2', { cookie: compliance })
      ).json(),
    );
    expect(second.moves[0].referenceNumber).not.toBe(page.moves[0].referenceNumber);
  });

  it('narrows to one account; an account the platform does not hold, or an id it refuses, is said under Account', async () => {
    const accountId = h.manifest.investors[0].accountIds[0];
    const one = complianceFundMovesSchema.parse(
      (
        await call(h.app, 'GET', `/api/compliance/fund-moves?accountId=${accountId}`, {
          cookie: compliance,
        })
      ).json(),
    );
    expect(one.totalRecords).toBeGreaterThan(0);
    expect(new Set(one.moves.map((m) => m.accountId))).toEqual(new Set([accountId]));

    // §4.3: the sandbox answers 1404 for an account it does not hold, 1400 for an id it refuses.
    for (const [id, message] of [
      ['A1049999', 'No account A1049999 exists on the platform'],
      ['xyz', 'The platform does not take xyz as an account id'],
    ]) {
      const refused = await call(h.app, 'GET', `/api/compliance/fund-moves?accountId=${id}`, {
        cookie: compliance,
      });
      expect(refused.statusCode, id).toBe(400);
      expect(refused.json().error).toMatchObject({
        message: `${message}.`,
        fields: [{ field: 'query.accountId', message }],
        submitted: 'no',
      });
    }
  });

  it('exports the filtered moves as CSV: every match, bank numbers masked, statuses in words with their codes, amounts with cents, times in UTC; audited', async () => {
    const listed = complianceFundMovesSchema.parse(
      (
        await call(h.app, 'GET', '/api/compliance/fund-moves?status=pending', {
          cookie: compliance,
        })
      ).json(),
    );
    const res = await call(h.app, 'GET', '/api/compliance/fund-moves/export.csv?status=PENDING', {
      cookie: compliance,
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/csv');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="fund-moves-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...lines] = res.body.trim().split(/\r?\n/);
    const columns = header.split(',');
    // Each dollar and time column says its unit; each status its words and, beside, its code.
    for (const column of ['amount_usd', 'created_at_utc', 'updated_at_utc', 'status_code'])
      expect(columns).toContain(column);
    expect(columns.indexOf('approval_status_code')).toBe(columns.indexOf('approval_status') + 1);
    expect(lines).toHaveLength(listed.totalRecords);
    const cell = (line: string, column: string) => line.split(',')[columns.indexOf(column)];
    for (const line of lines) {
      expect(cell(line, 'status_code')).toBe('pending');
      expect(cell(line, 'status')).toBe('Pending');
      expect(cell(line, 'amount_usd')).toMatch(/^-?\d+\.\d{2,}$/);
      expect(cell(line, 'created_at_utc')).toMatch(
        /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)?$/,
      );
      const masked = cell(line, 'bank_account_number_masked');
      if (masked) expect(masked).toMatch(/^••••/);
      // Which number the masked one is: a wire abroad's is a SWIFT/BIC (§4.5).
      expect(['Routing number', 'SWIFT/BIC code', 'Routing number or SWIFT/BIC code']).toContain(
        cell(line, 'routing_number_kind'),
      );
    }
    // No bank number in clear: the sandbox's seeded numbers are longer than four digits.
    expect(res.body).not.toMatch(/,\d{6,},/);

    // Without filters, every move, not the page's 25.
    const everyMove = await call(h.app, 'GET', '/api/compliance/fund-moves/export.csv', {
      cookie: compliance,
    });
    const all = complianceFundMovesSchema.parse(
      (await call(h.app, 'GET', '/api/compliance/fund-moves', { cookie: compliance })).json(),
    );
    expect(all.totalRecords).toBeGreaterThan(all.pageSize);
    expect(everyMove.body.trim().split(/\r?\n/)).toHaveLength(all.totalRecords + 1);

    const page = auditPageSchema.parse(
      (
        await call(h.app, 'GET', '/api/audit-events?action=fund_moves_export', {
          cookie: compliance,
        })
      ).json(),
    );
    expect(page.events.map((event) => event.details)).toEqual(
      expect.arrayContaining([{ filters: { status: 'pending' }, rows: lines.length }]),
    );
    expect(page.events[0]).toMatchObject({
      userEmail: 'compliance@demo.test',
      outcome: 'succeeded',
    });
  });

  it('filters by status and approval status, case-insensitively (§3)', async () => {
    const res = await call(
      h.app,
      'GET',
      '/api/compliance/fund-moves?status=PENDING&approvalStatus=Pending',
      {
        cookie: compliance,
      },
    );
    const page = complianceFundMovesSchema.parse(res.json());
    expect(page.totalRecords).toBeGreaterThan(0);
    expect(page.moves.every((m) => m.status === 'pending' && m.approvalStatus === 'pending')).toBe(
      true,
    );
  });

  it('refuses a status outside §3 under its field, naming the choices and what the link said', async () => {
    // Filtered literally it would answer an empty list, read as "no such moves".
    const res = await call(h.app, 'GET', '/api/compliance/fund-moves?status=bogus', {
      cookie: compliance,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      {
        field: 'query.status',
        message:
          'Status must be one of Pending, Submitted, Settled, Returned, Voided, Declined (the link said “bogus”)',
      },
    ]);
    const approval = await call(h.app, 'GET', '/api/compliance/fund-moves?approvalStatus=Okay', {
      cookie: compliance,
    });
    expect(approval.json().error.fields[0]).toMatchObject({
      field: 'query.approvalStatus',
      message: expect.stringContaining('Approval status must be one of Pending approval'),
    });
    // A §3 value with a stray space or in another letter case is that value.
    const spaced = await call(h.app, 'GET', '/api/compliance/fund-moves?status=Settled%20', {
      cookie: compliance,
    });
    expect(spaced.statusCode).toBe(200);
  });
});

describe('revealing personal data', () => {
  it('reads the value fresh upstream and writes an audit event with reason and IP, never the value', async () => {
    const accountId = h.manifest.investors[0].accountIds[0];
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const res = await reveal({
      objectType: 'account',
      objectId: accountId,
      field: 'taxId',
      reason: 'KYC review: tax id mismatch',
    });
    expect(res.statusCode, res.body).toBe(200);
    const revealed = revealResponseSchema.parse(res.json());
    expect(revealed.value).toMatch(/^\d{9}$|^\d{2}-\d{7}$|^\d{3}-\d{2}-\d{4}$/);
    expect(await sandboxCallsOf(h.sandboxUrl, 'getAccount')).toBe(1);

    const [event] = await h.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'personal_data_reveal')
      .where('object_id', '=', accountId)
      .orderBy('id', 'desc')
      .execute();
    expect(event).toMatchObject({
      user_email: 'compliance@demo.test',
      role: 'compliance',
      object_type: 'account',
      reason: 'KYC review: tax id mismatch',
      outcome: 'succeeded',
      ip: '127.0.0.1',
    });
    expect(event.request_id).toBeTruthy();
    expect(JSON.stringify(event)).not.toContain(revealed.value!);

    const log = auditPageSchema.parse(
      (
        await call(h.app, 'GET', '/api/audit-events?action=personal_data_reveal', {
          cookie: compliance,
        })
      ).json(),
    );
    expect(log.events[0]).toMatchObject({
      objectId: accountId,
      reason: 'KYC review: tax id mismatch',
      ip: '127.0.0.1',
    });
    expect(log.events[0].details).toEqual({ field: 'taxId' });
  });

  it('reveals an entity EIN and a fund move bank number', async () => {
    const search = complianceSearchResultSchema.parse(
      (
        await call(h.app, 'GET', '/api/compliance/search?q=ventures', { cookie: compliance })
      ).json(),
    );
    const entity = search.entities[0];
    const ein = await reveal({
      objectType: 'entity',
      objectId: entity.id,
      field: 'ein',
      reason: 'Entity due diligence',
    });
    expect(ein.statusCode, ein.body).toBe(200);
    expect(ein.json().value.slice(-4)).toBe(entity.einMasked!.slice(-4));

    const moves = complianceFundMovesSchema.parse(
      (await call(h.app, 'GET', '/api/compliance/fund-moves', { cookie: compliance })).json(),
    );
    const move = moves.moves.find((m) => m.bankAccountNumberMasked)!;
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const bank = await reveal({
      objectType: 'fund_move',
      objectId: move.referenceNumber,
      accountId: move.accountId,
      field: 'bankAccountNumber',
      reason: 'Returned ACH investigation',
    });
    expect(bank.statusCode, bank.body).toBe(200);
    expect(bank.json().value.slice(-4)).toBe(move.bankAccountNumberMasked!.slice(-4));
    // The move is asked for with its account, as the platform's examples ask (§4.4).
    const asked = (await (
      await fetch(`${h.sandboxUrl}/__sandbox/calls?accountId=${move.accountId}`)
    ).json()) as { byOperation: Record<string, number> };
    expect(asked.byOperation.getCustodyFundMove).toBe(1);
  });

  const revealsOf = async (query: string) =>
    auditPageSchema.parse(
      (
        await call(h.app, 'GET', `/api/audit-events?action=personal_data_reveal&${query}`, {
          cookie: compliance,
        })
      ).json(),
    ).events;
  const aFundMoveWithABankNumber = async () =>
    complianceFundMovesSchema
      .parse(
        (await call(h.app, 'GET', '/api/compliance/fund-moves', { cookie: compliance })).json(),
      )
      .moves.find((m) => m.bankAccountNumberMasked)!;

  it("an account's audit history holds the searches and fund-move pages that listed it among others", async () => {
    const accountId = h.manifest.investors[0].accountIds[0];
    const search = await call(h.app, 'GET', `/api/compliance/search?q=${accountId}`, {
      cookie: compliance,
    });
    expect(search.statusCode).toBe(200);
    const moves = await call(h.app, 'GET', '/api/compliance/fund-moves', { cookie: compliance });
    const listed = complianceFundMovesSchema.parse(moves.json()).moves;
    const shown = [...new Set(listed.map((m) => m.accountId))];
    expect(shown).toContain(accountId);
    const history = (object: string) =>
      call(h.app, 'GET', `/api/audit-events?object=${object}`, { cookie: compliance }).then(
        (res) => auditPageSchema.parse(res.json()).events,
      );
    const events = await history(accountId);
    expect(events.find((e) => e.action === 'accounts_searched')?.details).toMatchObject({
      accountIds: expect.arrayContaining([accountId]),
    });
    expect(events.find((e) => e.action === 'fund_moves_viewed')).toMatchObject({
      outcome: 'allowed',
      details: { moves: listed.length, page: 1, accountIds: shown },
    });
    // An id the page did not show finds neither.
    expect(
      (await history('A0000001')).filter((e) =>
        ['accounts_searched', 'fund_moves_viewed'].includes(e.action),
      ),
    ).toEqual([]);
  });

  it("a fund move's bank number revealed is found by the move's account in the audit log", async () => {
    const move = await aFundMoveWithABankNumber();
    const bank = await reveal({
      objectType: 'fund_move',
      objectId: move.referenceNumber,
      accountId: move.accountId,
      field: 'bankAccountNumber',
      reason: 'Returned ACH: whose account is this?',
    });
    expect(bank.statusCode, bank.body).toBe(200);
    const byAccount = await revealsOf(`object=${move.accountId}`);
    expect(
      byAccount.find((e) => e.reason === 'Returned ACH: whose account is this?'),
    ).toMatchObject({
      objectType: 'fund_move',
      objectId: move.referenceNumber,
      outcome: 'succeeded',
      details: { field: 'bankAccountNumber', accountId: move.accountId },
    });
    // The move's own reference still finds it.
    const byMove = await revealsOf(`object=${move.referenceNumber}`);
    expect(byMove.some((e) => e.reason === 'Returned ACH: whose account is this?')).toBe(true);
  });

  it("a fund move asked for with another account's id is not found, in the portal's words, and the failed look is audited", async () => {
    const move = await aFundMoveWithABankNumber();
    const other = h.manifest.investors
      .flatMap((investor) => investor.accountIds)
      .find((id) => id !== move.accountId)!;
    // An admin's reveal: the compliance reviewer's 10 a minute go to the other tests here.
    const res = await call(h.app, 'POST', '/api/personal-data/reveal', {
      cookie: await signIn(h.app, 'admin@demo.test'),
      body: {
        objectType: 'fund_move',
        objectId: move.referenceNumber,
        accountId: other,
        field: 'bankAccountNumber',
        reason: 'Asked with the wrong account on purpose',
      },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(
      `No fund move ${move.referenceNumber} was found on account ${other}.`,
    );
    expect(res.body).not.toContain('Resource not found');
    const found = (await revealsOf(`object=${other}`)).find(
      (e) => e.reason === 'Asked with the wrong account on purpose',
    );
    expect(found).toMatchObject({
      outcome: 'failed',
      details: { field: 'bankAccountNumber', accountId: other },
    });
  });

  it('an account id typed in lower case is read and recorded in capitals, so its filter finds the reveal', async () => {
    const accountId = h.manifest.investors[0].accountIds[0];
    const typed = await reveal({
      objectType: 'account',
      objectId: accountId.toLowerCase(),
      field: 'taxId',
      reason: 'Typed in lower case on purpose',
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().objectId).toBe(accountId);
    for (const object of [accountId, accountId.toLowerCase()]) {
      const found = (await revealsOf(`object=${object}`)).find(
        (e) => e.reason === 'Typed in lower case on purpose',
      );
      expect(found, object).toMatchObject({ objectId: accountId, outcome: 'succeeded' });
    }

    // A fund move's account typed in lower case is the same account.
    const move = await aFundMoveWithABankNumber();
    const bank = await reveal({
      objectType: 'fund_move',
      objectId: move.referenceNumber,
      accountId: move.accountId.toLowerCase(),
      field: 'routingNumber',
      reason: 'Routing number, account typed in lower case',
    });
    expect(bank.statusCode, bank.body).toBe(200);
    const found = (await revealsOf(`object=${move.accountId}`)).find(
      (e) => e.reason === 'Routing number, account typed in lower case',
    );
    expect(found?.details).toEqual({ field: 'routingNumber', accountId: move.accountId });
  });

  it('requires a reason of 10+ characters and a field of that kind of record', async () => {
    const short = await reveal({
      objectType: 'account',
      objectId: 'A1040000',
      field: 'taxId',
      reason: 'because',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields[0].field).toBe('reason');
    const wrongField = await reveal({
      objectType: 'account',
      objectId: 'A1040000',
      field: 'ein',
      reason: 'A good enough reason',
    });
    expect(wrongField.statusCode).toBe(400);
  });

  it('an unknown record is 404 and the failed attempt is audited', async () => {
    const res = await reveal({
      objectType: 'entity',
      objectId: 'E0000000',
      field: 'ein',
      reason: 'Looking for a ghost',
    });
    expect(res.statusCode).toBe(404);
    const failed = await h.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'personal_data_reveal')
      .where('outcome', '=', 'failed')
      .execute();
    expect(failed.some((e) => e.object_id === 'E0000000')).toBe(true);
  });

  it('allows a reviewer 10 reveals a minute, a smaller allowance than searches: the 11th is refused before the platform is asked, their searches are not', async () => {
    // A reviewer of the test's own: the file's other reveals are the demo reviewer's.
    const reviewer = await signIn(h.app, (await newUser(h, 'compliance')).email);
    const accountId = h.manifest.investors[0].accountIds[0];
    const revealAs = () =>
      call(h.app, 'POST', '/api/personal-data/reveal', {
        cookie: reviewer,
        body: {
          objectType: 'account',
          objectId: accountId,
          field: 'taxId',
          reason: 'KYC review: tax id mismatch',
        },
      });
    for (let i = 0; i < 10; i += 1) expect((await revealAs()).statusCode).toBe(200);
    const readsBefore = await sandboxCallsOf(h.sandboxUrl, 'getAccount');
    const refused = await revealAs();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'rate_limited', submitted: 'no' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await sandboxCallsOf(h.sandboxUrl, 'getAccount')).toBe(readsBefore);

    const search = await call(h.app, 'GET', '/api/compliance/search?q=ellis', { cookie: reviewer });
    expect(search.statusCode).toBe(200);
  });
});

describe('a compliance reviewer adds a note to an account review', () => {
  it('keeps it on the account, newest first, audited without its text; investors cannot read it', async () => {
    const accountId = h.manifest.investors[0].accountIds[0];
    const url = `/api/accounts/${accountId}/notes`;
    for (const body of ['Asked for a utility bill.', 'Bill received; address matches.']) {
      const res = await call(h.app, 'POST', url, { cookie: compliance, body: { body } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const empty = await call(h.app, 'POST', url, { cookie: compliance, body: { body: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields[0]).toMatchObject({
      field: 'body',
      message: 'Note is required',
    });

    const { notes } = accountNotesSchema.parse(
      (await call(h.app, 'GET', url, { cookie: compliance })).json(),
    );
    expect(notes.map((n) => n.body).slice(0, 2)).toEqual([
      'Bill received; address matches.',
      'Asked for a utility bill.',
    ]);
    expect(notes[0].authorEmail).toBe('compliance@demo.test');
    const events = await h.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'account_note_added')
      .execute();
    expect(events.filter((e) => e.object_id === accountId)).toHaveLength(2);
    expect(JSON.stringify(events)).not.toContain('utility bill');

    const investor = await signIn(h.app, 'investor@demo.test');
    expect((await call(h.app, 'GET', url, { cookie: investor })).statusCode).toBe(403);
  });

  it('keeps no note whose audit event could not be written', async () => {
    const accountId = h.manifest.investors[0].accountIds[0];
    const url = `/api/accounts/${accountId}/notes`;
    // The audit log refuses this one event, as a store failing between two writes would.
    await sql`create function refuse_note_event() returns trigger language plpgsql as $$
      begin
        if new.action = 'account_note_added' then raise exception 'audit refused'; end if;
        return new;
      end $$`.execute(h.db);
    await sql`create trigger refuse_note_event before insert on audit_events
      for each row execute function refuse_note_event()`.execute(h.db);
    try {
      const res = await call(h.app, 'POST', url, {
        cookie: compliance,
        body: { body: 'A note that must not stand unaudited.' },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await sql`drop trigger refuse_note_event on audit_events`.execute(h.db);
      await sql`drop function refuse_note_event()`.execute(h.db);
    }
    const { notes } = accountNotesSchema.parse(
      (await call(h.app, 'GET', url, { cookie: compliance })).json(),
    );
    expect(notes.map((n) => n.body)).not.toContain('A note that must not stand unaudited.');
  });
});

describe('audit log', () => {
  it('a reviewer filters the audit log by part of an email address', async () => {
    const part = auditPageSchema.parse(
      (
        await call(h.app, 'GET', '/api/audit-events?user=compliance@', { cookie: compliance })
      ).json(),
    );
    expect(part.events.length).toBeGreaterThan(0);
    expect(part.events.every((e) => e.userEmail === 'compliance@demo.test')).toBe(true);
    const wildcard = auditPageSchema.parse(
      (await call(h.app, 'GET', '/api/audit-events?user=%25', { cookie: compliance })).json(),
    );
    expect(wildcard.events).toEqual([]);
  });

  it('a reviewer cannot find by filtering whether someone typed an address at a failed sign-in', async () => {
    // Someone types a guessed address; the view withholds it from reviewers, so must the filter.
    const failed = await call(h.app, 'POST', '/api/session', {
      body: { email: 'guessed.person@elsewhere.test', password: 'not-the-password-1' },
    });
    expect(failed.statusCode).toBe(401);
    const asReviewer = auditPageSchema.parse(
      (
        await call(h.app, 'GET', '/api/audit-events?user=guessed.person', { cookie: compliance })
      ).json(),
    );
    expect(asReviewer.events).toEqual([]);
    const admin = await signIn(h.app, 'admin@demo.test');
    const asAdmin = auditPageSchema.parse(
      (await call(h.app, 'GET', '/api/audit-events?user=guessed.person', { cookie: admin })).json(),
    );
    expect(asAdmin.events).toMatchObject([
      { action: 'sign_in', outcome: 'failed', userEmail: 'guessed.person@elsewhere.test' },
    ]);
  });

  it('filters by user and action, pages with before', async () => {
    const all = auditPageSchema.parse(
      (await call(h.app, 'GET', '/api/audit-events', { cookie: compliance })).json(),
    );
    expect(all.events.length).toBeGreaterThan(0);
    const mine = auditPageSchema.parse(
      (
        await call(h.app, 'GET', '/api/audit-events?user=COMPLIANCE@demo.test&action=sign_in', {
          cookie: compliance,
        })
      ).json(),
    );
    expect(
      mine.events.every((e) => e.userEmail === 'compliance@demo.test' && e.action === 'sign_in'),
    ).toBe(true);
    const older = auditPageSchema.parse(
      (
        await call(h.app, 'GET', `/api/audit-events?before=${all.events[0].id}`, {
          cookie: compliance,
        })
      ).json(),
    );
    expect(older.events.every((e) => BigInt(e.id) < BigInt(all.events[0].id))).toBe(true);
    const future = auditPageSchema.parse(
      (
        await call(h.app, 'GET', '/api/audit-events?from=2100-12-31', { cookie: compliance })
      ).json(),
    );
    expect(future.events).toEqual([]);
    const bad = await call(h.app, 'GET', '/api/audit-events?from=2026-02-30', {
      cookie: compliance,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("follows one object's life by its account or reference, and finds a request's maker by address", async () => {
    // A held disbursement is audited on its account with our reference in its details; its
    // settlement on the reference with the account in its details (docs/audit-log.md).
    const maker = await h.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', '=', 'investor@demo.test')
      .executeTakeFirstOrThrow();
    const ref = 'MR-7ESTAUD1T0';
    await recordAudit(h.db, {
      userEmail: maker.email,
      role: 'investor',
      action: 'disbursement_held_for_approval',
      objectType: 'account',
      objectId: 'A1049990',
      outcome: 'succeeded',
      details: { approvalId: 'ap-1', reference: ref, amount: '9000.00' },
    });
    await recordAudit(h.db, {
      userEmail: 'admin@demo.test',
      role: 'admin',
      action: 'disbursement_rejected',
      objectType: 'account',
      objectId: 'A1049990',
      outcome: 'succeeded',
      details: { approvalId: 'ap-1', reference: ref, maker: maker.email },
    });
    await recordAudit(h.db, {
      action: 'money_request_settled',
      objectType: 'money_request',
      objectId: ref,
      outcome: 'succeeded',
      details: { accountId: 'A1049990', forUser: maker.id, by: 'reconciliation' },
    });
    await recordAudit(h.db, {
      userEmail: 'admin@demo.test',
      action: 'account_viewed',
      objectType: 'account',
      objectId: 'A1049991',
      outcome: 'allowed',
    });
    const list = async (search: string) =>
      auditPageSchema.parse(
        (await call(h.app, 'GET', `/api/audit-events?${search}`, { cookie: compliance })).json(),
      ).events;

    // By reference, typed in any case: its hold, its rejection and its settlement.
    expect((await list(`object=${ref.toLowerCase()}`)).map((e) => e.action)).toEqual([
      'money_request_settled',
      'disbursement_rejected',
      'disbursement_held_for_approval',
    ]);
    // By account: the same three, and nothing of another account.
    expect((await list('object=a1049990')).map((e) => e.action)).toEqual([
      'money_request_settled',
      'disbursement_rejected',
      'disbursement_held_for_approval',
    ]);
    expect((await list('object=A1049991')).map((e) => e.action)).toEqual(['account_viewed']);
    // The maker's address finds the rejection an admin made (and the settlement made for them).
    const makers = await list(`user=investor@demo&action=disbursement_rejected`);
    expect(makers.map((e) => e.details?.reference)).toContain(ref);
    const forThem = await list(`user=investor@demo&action=money_request_settled&object=${ref}`);
    expect(forThem).toHaveLength(1);
    // The user it was made for is named by address, not only by an id no reader can look up.
    expect(forThem[0].details).toMatchObject({ forUser: maker.id, forUserEmail: maker.email });
    // Another person's address finds neither.
    expect(await list(`user=investor2@&object=${ref}`)).toEqual([]);
  });

  it('exports CSV without revealed values, guards formulas, and audits the export', async () => {
    await reveal({
      objectType: 'account',
      objectId: 'A1040000',
      field: 'taxId',
      reason: '=HYPERLINK("http://evil") check',
    });
    const res = await call(
      h.app,
      'GET',
      '/api/audit-events/export.csv?action=personal_data_reveal',
      { cookie: compliance },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-log-/);
    const lines = res.body.trimEnd().split('\r\n');
    // UTF-8's byte order mark first, so Excel reads the file as UTF-8 (lib/csv-download.ts).
    expect(lines[0]).toBe(
      '\uFEFFid,at,user,role,action,object_type,object_id,outcome,reason,ip,request_id,details',
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"") check"`);
    expect(res.body).not.toContain('154728860');

    const [exported] = await h.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'audit_export')
      .orderBy('id', 'desc')
      .execute();
    expect(exported).toMatchObject({ user_email: 'compliance@demo.test', outcome: 'succeeded' });
    expect(exported.details).toMatchObject({
      filters: { action: 'personal_data_reveal' },
      rows: lines.length - 1,
    });
  });

  it("withholds an admin export's user filter that names no portal user from compliance, as the typed address", async () => {
    // An address typed at a failed sign-in (perhaps a password), and an admin who looks for it.
    const typed = 'pa55word-typed@nowhere.test';
    await call(h.app, 'POST', '/api/session', {
      body: { email: typed, password: 'wrong-password' },
    });
    const admin = await signIn(h.app, 'admin@demo.test');
    const exported = await call(
      h.app,
      'GET',
      `/api/audit-events/export.csv?user=${encodeURIComponent(typed)}`,
      { cookie: admin },
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(typed);
    // And one by part of a portal user's address, which any reviewer may type and read.
    await call(h.app, 'GET', '/api/audit-events/export.csv?user=investor%40demo', {
      cookie: admin,
    });

    const exportsSeenBy = async (cookie: string) =>
      auditPageSchema
        .parse(
          (await call(h.app, 'GET', '/api/audit-events?action=audit_export', { cookie })).json(),
        )
        .events.filter((e) => e.userEmail === 'admin@demo.test')
        .slice(0, 2)
        .map((e) => e.details);
    expect(await exportsSeenBy(compliance)).toEqual([
      { filters: { user: 'investor@demo' }, rows: expect.any(Number) },
      { filters: { user: '(withheld: names no portal user)' }, rows: 1 },
    ]);
    expect(await exportsSeenBy(admin)).toEqual([
      { filters: { user: 'investor@demo' }, rows: expect.any(Number) },
      { filters: { user: typed }, rows: 1 },
    ]);
    // Nowhere in what compliance reads: the page, the export, a filter by the value.
    for (const url of [
      '/api/audit-events',
      '/api/audit-events/export.csv',
      '/api/audit-events/export.csv?action=audit_export',
    ]) {
      const res = await call(h.app, 'GET', url, { cookie: compliance });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(typed);
    }
  });

  it('shows the email typed at a failed sign-in to admins only', async () => {
    await call(h.app, 'POST', '/api/session', {
      body: { email: 'typo@demo.test', password: 'wrong-password' },
    });
    const admin = await signIn(h.app, 'admin@demo.test');
    const forAdmin = auditPageSchema.parse(
      (await call(h.app, 'GET', '/api/audit-events?action=sign_in', { cookie: admin })).json(),
    );
    expect(forAdmin.events.some((e) => e.userEmail === 'typo@demo.test')).toBe(true);
    const forCompliance = auditPageSchema.parse(
      (await call(h.app, 'GET', '/api/audit-events?action=sign_in', { cookie: compliance })).json(),
    );
    expect(forCompliance.events.some((e) => e.userEmail === 'typo@demo.test')).toBe(false);
  });
});

describe("exports are named by the day in the viewer's zone", () => {
  it.each([
    ['audit-log', '/api/audit-events/export.csv?action=personal_data_reveal'],
    ['money-requests', '/api/compliance/money-requests/export.csv?kind=deposit'],
    ['fund-moves', '/api/compliance/fund-moves/export.csv?status=pending'],
  ])(
    "%s: at 5 PM on November 30 in Los Angeles, the file is of November 30 there; of UTC's day without a zone",
    async (name, url) => {
      // Signed in on the real clock: a session begun with the clock set back is not accepted.
      const cookie = await signIn(h.app, 'compliance@demo.test');
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        // 17:00 in Los Angeles (UTC−8) is 01:00 on December 1 in UTC.
        vi.setSystemTime(new Date('2026-12-01T01:00:00Z'));
        const named = async (query: string) => {
          const res = await call(h.app, 'GET', `${url}${query}`, { cookie });
          expect(res.statusCode, res.body).toBe(200);
          return res.headers['content-disposition'];
        };
        expect(await named('&timeZone=America%2FLos_Angeles')).toBe(
          `attachment; filename="${name}-2026-11-30.csv"`,
        );
        expect(await named('&timeZone=Asia%2FTokyo')).toBe(
          `attachment; filename="${name}-2026-12-01.csv"`,
        );
        expect(await named('')).toBe(`attachment; filename="${name}-2026-12-01.csv"`);
        // A zone that is none is refused, as for a period's days.
        const bad = await call(h.app, 'GET', `${url}&timeZone=Mars%2FOlympus`, { cookie });
        expect(bad.statusCode).toBe(400);
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('the fund-moves export keeps its filters in the audit log, not the zone that named its file', async () => {
    await call(
      h.app,
      'GET',
      '/api/compliance/fund-moves/export.csv?status=pending&timeZone=America%2FLos_Angeles',
      { cookie: compliance },
    );
    const page = auditPageSchema.parse(
      (
        await call(h.app, 'GET', '/api/audit-events?action=fund_moves_export', {
          cookie: compliance,
        })
      ).json(),
    );
    expect(page.events[0].details).toMatchObject({ filters: { status: 'pending' } });
    expect(page.events[0].details?.filters).not.toHaveProperty('timeZone');
  });
});
