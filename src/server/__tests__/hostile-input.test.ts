import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorOf, call, idempotencyKeys, signIn, useHarness } from './harness';

/*
 * What a signed-in (or signed-out) person who sends the BFF what no form sends meets, and what
 * the log keeps of it: a 400 (or 403, 415) that names the rule, at most an info line without a
 * stack, and no personal data in the log.
 */

const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
    done();
  },
});
const h = useHarness({ logStream: stream });
let investor: string;
let accountA: string;
beforeAll(async () => {
  investor = await signIn(h.app, 'investor@demo.test');
  [accountA] = h.manifest.investors[0].accountIds;
});
const newKey = idempotencyKeys('hostile');
const linesOf = (res: { headers: Record<string, unknown> }) =>
  lines.filter((line) => line.reqId === res.headers['x-request-id']);

/** `[[[…]]]`, `depth` arrays deep. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('deeply nested JSON', () => {
  it.each([
    ['signing in, signed out', () => '/api/session', () => undefined],
    ['a deposit', () => `/api/accounts/${accountA}/deposits`, () => investor],
  ])('%s: 400 naming the depth rule, an info line without a stack', async (_what, url, cookie) => {
    const res = await call(h.app, 'POST', url(), {
      cookie: cookie(),
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: nested(5000),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(apiErrorOf(res)).toMatchObject({
      code: 'bad_request',
      message:
        "The request is nested more than 32 levels deep; no form of the portal is. Send the form's fields as they are.",
      fields: [{ field: 'input' }],
    });
    const logged = linesOf(res);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.every((line) => Number(line.level) <= 30)).toBe(true);
    expect(JSON.stringify(logged)).not.toContain('stack');
  });

  it('a field nested too deep is named by its field', async () => {
    const res = await call(h.app, 'POST', '/api/session', {
      headers: { 'content-type': 'application/json' },
      body: `{"email":${nested(40)},"password":"x"}`,
    });
    expect(apiErrorOf(res).fields).toEqual([
      expect.objectContaining({
        field: 'email',
        message: expect.stringMatching(/^email is nested/),
      }),
    ]);
  });
});

describe('the log of a refusal', () => {
  it('keeps its code and fields, not its words: no holder name, no other user’s email', async () => {
    const admin = await signIn(h.app, 'admin@demo.test');
    const created = await call(h.app, 'POST', '/api/admin/users', {
      cookie: admin,
      body: {
        email: 'hostile-log@example.test',
        name: 'Someone New',
        role: 'investor',
        password: 'hostile-password-2026',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    // An account the demo investor is linked to: refused, naming its holder and that investor.
    const refused = await call(h.app, 'POST', `/api/admin/users/${created.json().id}/links`, {
      cookie: admin,
      body: { kind: 'account', upstreamId: accountA },
    });
    expect(refused.statusCode).toBe(400);
    const message = apiErrorOf(refused).message;
    expect(message).toContain('(investor@demo.test)');
    const holder = /held by (.+?), is already linked/.exec(message)![1];
    const logged = JSON.stringify(linesOf(refused));
    expect(logged).toContain('"code":"bad_request"');
    expect(logged).toContain('confirmAccountOfOtherUser');
    expect(logged).not.toContain('investor@demo.test');
    expect(logged).not.toContain(holder);
  });
});

describe('validation words', () => {
  const deposit = (body: unknown, headers: Record<string, string> = {}) =>
    call(h.app, 'POST', `/api/accounts/${accountA}/deposits`, {
      cookie: investor,
      body,
      headers: { 'idempotency-key': newKey(), ...headers },
    });

  it('an amount sent as a JSON number is told to be text, not missing', async () => {
    const res = await deposit({ amount: 10 });
    expect(res.statusCode).toBe(400);
    expect(apiErrorOf(res).fields).toEqual([
      {
        field: 'amount',
        message: 'Amount must be text in quotes, such as "1250.50", not a number',
      },
    ]);
    // Missing is still missing.
    expect(apiErrorOf(await deposit({})).fields).toEqual([
      { field: 'amount', message: 'Amount is required' },
    ]);
  });

  it('units sent as a JSON number are told to be text', async () => {
    const res = await call(h.app, 'POST', '/api/offerings/any-offering/investments', {
      cookie: investor,
      body: { accountId: accountA, units: 20, paymentMethod: 'wire' },
      headers: { 'idempotency-key': newKey() },
    });
    expect(apiErrorOf(res).fields).toContainEqual({
      field: 'units',
      message: 'Units must be text in quotes, such as "20", not a number',
    });
  });

  it('a part of the form left out is named as required, and one of another kind by its kind', async () => {
    const ira = (body: unknown) =>
      call(h.app, 'POST', `/api/accounts/${accountA}/ira-supplement`, {
        cookie: investor,
        body,
        headers: { 'idempotency-key': newKey() },
      });
    const left = apiErrorOf(await ira({}));
    expect(left.fields).toContainEqual({ field: 'mailing', message: 'mailing is required' });
    expect(left.message).toMatch(/^mailing is required \(and \d+ more problems?\)$/);
    expect(apiErrorOf(await ira({ mailing: 'Main Street 1' })).fields).toContainEqual({
      field: 'mailing',
      message: 'mailing must be an object',
    });
  });

  it('a text/plain body: 415, send it as JSON', async () => {
    const res = await deposit('amount=10', { 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(415);
    expect(apiErrorOf(res).message).toBe(
      'Send the request as JSON (Content-Type: application/json).',
    );
  });

  it('a query field given twice is told to be given once', async () => {
    const res = await call(
      h.app,
      'GET',
      `/api/offerings/any-offering/preflight?accountId=${accountA}&accountId=${accountA}`,
      { cookie: investor },
    );
    expect(res.statusCode).toBe(400);
    expect(apiErrorOf(res)).toMatchObject({
      message: 'accountId: give it once (the address gives it 2 times)',
      fields: [{ field: 'query.accountId' }],
    });
  });

  it("another investor's account: 403 before any word about the form's fields", async () => {
    const other = await signIn(h.app, 'investor2@demo.test');
    const res = await call(h.app, 'POST', `/api/accounts/${accountA}/ira-supplement`, {
      cookie: other,
      body: {},
      headers: { 'idempotency-key': newKey() },
    });
    expect(res.statusCode).toBe(403);
    expect(apiErrorOf(res).fields).toBeUndefined();
  });
});
