import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { auditPageSchema } from '../../contract/audit';
import { link as storeLink } from '../store/users';
import {
  call,
  callSandbox,
  clearFaults,
  sandboxCalls,
  sandboxCallsOf,
  signIn,
  useHarness,
} from './harness';

/**
 * An admin links a user to an upstream id only when the platform holds it: an account through
 * getAccount (§4.10), a security through getSecurityMarketHours (real-world notes §4.2), an
 * issuer through the offering catalog, or the admin's confirmation (§4.16 names no read of an
 * issuer). A refusal, or a platform that cannot answer, links nothing.
 */
let admin: string;
let userId: string;
let knownSecurity: string;
let issuerWithOfferings: string;
let issuerOfKnownSecurity: string;
let counter = 0;

const h = useHarness({}, 120_000);
beforeAll(async () => {
  admin = await signIn(h.app, 'admin@demo.test');
  knownSecurity = h.manifest.issuers.flatMap((i) => i.securityIds ?? [])[0];
  // The demo issuer staff are linked to it with its securities (demo-users.ts).
  issuerOfKnownSecurity = h.manifest.issuers.find((i) =>
    i.securityIds?.includes(knownSecurity),
  )!.issuerId;
  issuerWithOfferings = h.manifest.issuers.find((i) => i.offeringIds?.length)!.issuerId;
}, 120_000);
afterEach(async () => {
  await clearFaults(h.sandboxUrl);
});

/** A fresh user for each test, so each one's links are its own (issuer staff unless told). */
async function newUser(role = 'issuer_staff'): Promise<string> {
  const res = await call(h.app, 'POST', '/api/admin/users', {
    cookie: admin,
    body: {
      email: `links-${++counter}@example.test`,
      name: 'Linked',
      role,
      password: 'linked-password-2026',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

const addLink = (body: Record<string, unknown>) =>
  call(h.app, 'POST', `/api/admin/users/${userId}/links`, { cookie: admin, body });

const storedLinks = () =>
  h.db
    .selectFrom('user_links')
    .select(['kind', 'upstream_id'])
    .where('user_id', '=', userId)
    .execute();

/** The links made (a refused attempt is a `user_linked` event too, denied). */
const linkedAudit = (objectId: string) =>
  h.db
    .selectFrom('audit_events')
    .select(['details'])
    .where('action', '=', 'user_linked')
    .where('outcome', '=', 'succeeded')
    .where('object_id', '=', objectId)
    .execute();

/** The link of this test's user to `objectId`, as the audit log has it. */
const linkedEventOfUser = async (objectId: string) =>
  (await linkedAudit(objectId)).find((e) => (e.details as { userId?: string }).userId === userId)!;

beforeEach(async () => {
  userId = await newUser();
});

describe('linking a security', () => {
  it('refuses a security the platform does not know, on upstreamId, and links nothing', async () => {
    const res = await addLink({ kind: 'security', upstreamId: '99999' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'bad_request',
      message: 'No security 99999 exists on the platform. Nothing was linked.',
      submitted: 'no',
      fields: [{ field: 'upstreamId', message: 'No security 99999 exists on the platform' }],
    });
    expect(await storedLinks()).toEqual([]);
  });

  it('refuses a link the user has already, on upstreamId, without asking the platform or auditing a second link', async () => {
    expect((await addLink({ kind: 'issuer', upstreamId: issuerOfKnownSecurity })).statusCode).toBe(
      200,
    );
    expect((await addLink({ kind: 'security', upstreamId: knownSecurity })).statusCode).toBe(200);
    const asked = await sandboxCallsOf(h.sandboxUrl, 'getSecurityMarketHours');
    const again = await addLink({ kind: 'security', upstreamId: knownSecurity });
    expect(again.statusCode).toBe(409);
    const message = `links-${counter}@example.test is linked to security ${knownSecurity} already. Nothing was changed.`;
    expect(again.json().error).toMatchObject({
      message,
      submitted: 'no',
      fields: [{ field: 'upstreamId', message }],
    });
    expect(await sandboxCallsOf(h.sandboxUrl, 'getSecurityMarketHours')).toBe(asked);
    const ofThisUser = (await linkedAudit(knownSecurity)).filter(
      (e) => (e.details as { userId?: string }).userId === userId,
    );
    expect(ofThisUser).toHaveLength(1);
  });

  it('links a security the platform knows', async () => {
    // Linked to the issuer whose staff already hold the security.
    expect((await addLink({ kind: 'issuer', upstreamId: issuerOfKnownSecurity })).statusCode).toBe(
      200,
    );
    const res = await addLink({ kind: 'security', upstreamId: knownSecurity });
    expect(res.statusCode).toBe(200);
    expect(res.json().securityIds).toEqual([knownSecurity]);
    expect(await storedLinks()).toContainEqual({ kind: 'security', upstream_id: knownSecurity });
  });

  it('refuses a security the staff of another issuer hold, saying whose, until the admin confirms', async () => {
    const other = h.manifest.issuers.find((i) => i.issuerId !== issuerOfKnownSecurity)!.issuerId;
    expect((await addLink({ kind: 'issuer', upstreamId: other })).statusCode).toBe(200);
    const res = await addLink({ kind: 'security', upstreamId: knownSecurity });
    expect(res.statusCode).toBe(400);
    const message = `Security ${knownSecurity} is linked to the staff of issuer ${issuerOfKnownSecurity}, and this user is linked to issuer ${other}: the link would let them set its trading hours. Check on the platform whose security it is, or confirm that it belongs to an issuer of this user`;
    expect(res.json().error).toMatchObject({
      submitted: 'no',
      fields: [
        { field: 'upstreamId', message },
        { field: 'confirmSecurityOfOtherIssuer', message },
      ],
    });
    expect(await storedLinks()).toEqual([{ kind: 'issuer', upstream_id: other }]);

    const confirmed = await addLink({
      kind: 'security',
      upstreamId: knownSecurity,
      confirmSecurityOfOtherIssuer: true,
    });
    expect(confirmed.statusCode).toBe(200);
    const event = await linkedEventOfUser(knownSecurity);
    expect(event.details).toMatchObject({
      confirmedSecurityOfOtherIssuer: true,
      heldBy: [issuerOfKnownSecurity],
    });
  });
  it('refuses a security the staff of another issuer hold to a user linked to no issuer, confirmed or not, saying to link their issuer first', async () => {
    // Other tests give the security to the staff of more issuers: whose it is, is read from them.
    const holders = (rule: string) =>
      /^Security \S+ is linked to the staff of (issuers? [^,]+(?:, \d+)*), and/.exec(rule)?.[1];
    const first = await addLink({ kind: 'security', upstreamId: knownSecurity });
    const whose = holders(first.json().error.message as string);
    expect(whose).toContain(issuerOfKnownSecurity);
    const message = `Security ${knownSecurity} is linked to the staff of ${whose}, and this user is linked to no issuer. Link this user to their issuer first (a link of the kind Issuer), then the security: issuer staff set the trading hours of their own issuers' securities only`;
    for (const body of [
      { kind: 'security', upstreamId: knownSecurity },
      // No issuer of this user exists that the security could belong to: nothing to confirm.
      { kind: 'security', upstreamId: knownSecurity, confirmSecurityOfOtherIssuer: true },
    ]) {
      const res = await addLink(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(
        expect.objectContaining({
          message: `${message}. Nothing was linked.`,
          submitted: 'no',
          // No confirmation field: the Users page offers no box to tick.
          fields: [{ field: 'upstreamId', message }],
        }),
      );
    }
    expect(await storedLinks()).toEqual([]);
  });
});

describe('a refused link attempt', () => {
  it('is in the audit log as denied, with the reason, and nothing is linked', async () => {
    userId = await newUser('investor');
    const res = await addLink({ kind: 'account', upstreamId: 'A9999999' });
    expect(res.statusCode).toBe(400);
    const events = await h.db
      .selectFrom('audit_events')
      .select(['action', 'object_type', 'object_id', 'outcome', 'details'])
      .where('action', '=', 'user_linked')
      .where('object_id', '=', 'A9999999')
      .execute();
    expect(events).toEqual([
      {
        action: 'user_linked',
        object_type: 'account',
        object_id: 'A9999999',
        outcome: 'denied',
        details: expect.objectContaining({
          userId,
          reason: 'No account A9999999 exists on the platform. Nothing was linked.',
        }),
      },
    ]);
    expect(await storedLinks()).toEqual([]);
  });
});

describe('a link of a kind the role does not act on', () => {
  /*
   * Ids the platform holds, so only the kind is wrong: each role acts on its own kinds
   * (policy/ownership.ts), and a link of another kind would do nothing until a role change gave
   * it meaning unasked.
   */
  const refused = () => [
    {
      role: 'issuer_staff',
      link: { kind: 'account', upstreamId: h.manifest.investors[0].accountIds[0] },
      rule: 'Issuer staff are linked to issuers and securities only',
    },
    {
      role: 'investor',
      link: { kind: 'issuer', upstreamId: issuerWithOfferings },
      rule: 'An investor is linked to accounts only',
    },
    {
      role: 'investor',
      link: { kind: 'security', upstreamId: knownSecurity },
      rule: 'An investor is linked to accounts only',
    },
    {
      role: 'compliance',
      link: { kind: 'account', upstreamId: h.manifest.investors[0].accountIds[0] },
      rule: 'A compliance reviewer is linked to no account, issuer or security: the role reads them all',
    },
    {
      role: 'admin',
      link: { kind: 'issuer', upstreamId: issuerWithOfferings },
      rule: 'An administrator is linked to no account, issuer or security: the role reads them all',
    },
  ];

  it('is refused on kind with the rule of the role, audited as denied, and links nothing', async () => {
    for (const { role, link, rule } of refused()) {
      userId = await newUser(role);
      const res = await addLink(link);
      expect(res.statusCode, `${role} ${link.kind}`).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'bad_request',
        message: `${rule}. Nothing was linked.`,
        submitted: 'no',
        fields: [{ field: 'kind', message: rule }],
      });
      expect(await storedLinks()).toEqual([]);
      const events = await h.db
        .selectFrom('audit_events')
        .select(['object_type', 'object_id', 'outcome', 'details', 'user_email'])
        .where('action', '=', 'user_linked')
        .where('object_id', '=', link.upstreamId)
        .execute();
      const mine = events
        .map((e) => ({
          ...e,
          details: (typeof e.details === 'string' ? JSON.parse(e.details) : e.details) as Record<
            string,
            unknown
          >,
        }))
        .filter((e) => e.details.userId === userId);
      expect(mine).toEqual([
        {
          object_type: link.kind,
          object_id: link.upstreamId,
          outcome: 'denied',
          user_email: 'admin@demo.test',
          details: expect.objectContaining({ reason: `${rule}. Nothing was linked.` }),
        },
      ]);
    }
  });

  it('is refused before the platform is asked, even with a confirmation', async () => {
    userId = await newUser('investor');
    const calls = async () => (await sandboxCalls(h.sandboxUrl)).getSecurityMarketHours ?? 0;
    const before = await calls();
    const res = await addLink({
      kind: 'security',
      upstreamId: knownSecurity,
      confirmSecurityOfOtherIssuer: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      { field: 'kind', message: 'An investor is linked to accounts only' },
    ]);
    expect(await calls()).toBe(before);
    expect(await storedLinks()).toEqual([]);
  });

  it('a link the role does act on is still linked, and any link can still be removed', async () => {
    userId = await newUser('investor');
    const accountId = h.manifest.investors[0].accountIds[0];
    // The demo investor holds it too (demo-users.ts): confirmed, as the Users page asks.
    expect(
      (await addLink({ kind: 'account', upstreamId: accountId, confirmAccountOfOtherUser: true }))
        .statusCode,
    ).toBe(200);
    // A link of another kind made before this rule (here written straight to the store) can go.
    await storeLink(h.db, userId, 'issuer', issuerWithOfferings);
    const removed = await call(
      h.app,
      'DELETE',
      `/api/admin/users/${userId}/links/issuer/${issuerWithOfferings}`,
      { cookie: admin },
    );
    expect(removed.statusCode).toBe(200);
    expect(await storedLinks()).toEqual([{ kind: 'account', upstream_id: accountId }]);
  });
});

describe('linking an account', () => {
  it('refuses an account another user is linked to, naming its holder and who, until the admin confirms; audited with both', async () => {
    userId = await newUser('investor');
    const accountId = h.manifest.investors[0].accountIds[0];
    const holder = await call(h.app, 'GET', `/api/admin/accounts/${accountId}/holder`, {
      cookie: admin,
    });
    expect(holder.statusCode).toBe(200);
    const { holderName, linkedTo } = holder.json() as {
      holderName: string;
      linkedTo: { email: string; name: string }[];
    };
    expect(holderName).toMatch(/\S/);
    expect(linkedTo).toContainEqual(expect.objectContaining({ email: 'investor@demo.test' }));

    const refused = await addLink({ kind: 'account', upstreamId: accountId });
    expect(refused.statusCode).toBe(400);
    const message = refused.json().error.fields[0].message as string;
    expect(message).toContain(`Account ${accountId}, held by ${holderName}, is already linked to `);
    expect(message).toContain('(investor@demo.test)');
    expect(refused.json().error.fields).toEqual([
      { field: 'upstreamId', message },
      { field: 'confirmAccountOfOtherUser', message },
    ]);
    expect(await storedLinks()).toEqual([]);

    const confirmed = await addLink({
      kind: 'account',
      upstreamId: accountId,
      confirmAccountOfOtherUser: true,
    });
    expect(confirmed.statusCode).toBe(200);
    const event = await linkedEventOfUser(accountId);
    expect(event.details).toMatchObject({
      holderName,
      confirmedAccountOfOtherUser: true,
      alsoLinkedTo: expect.arrayContaining(['investor@demo.test']),
    });
    // Now this user is among those the page names as linked to it.
    const after = await call(h.app, 'GET', `/api/admin/accounts/${accountId}/holder`, {
      cookie: admin,
    });
    expect(after.json().linkedTo.map((u: { email: string }) => u.email)).toContain(
      `links-${counter}@example.test`,
    );
  });

  it('tells no investor whose an account is', async () => {
    const investor = await signIn(h.app, 'investor@demo.test');
    const accountId = h.manifest.investors[0].accountIds[0];
    const res = await call(h.app, 'GET', `/api/admin/accounts/${accountId}/holder`, {
      cookie: investor,
    });
    expect(res.statusCode).toBe(403);
  });

  it('takes an account id in any letter case, as the platform writes it: linked, audited and unlinked as such', async () => {
    userId = await newUser('investor');
    const accountId = h.manifest.investors[0].accountIds[0];
    const typed = accountId.toLowerCase();
    expect(typed).not.toBe(accountId);
    const res = await addLink({
      kind: 'account',
      upstreamId: typed,
      confirmAccountOfOtherUser: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().accountIds).toEqual([accountId]);
    expect(await storedLinks()).toEqual([{ kind: 'account', upstream_id: accountId }]);
    const audited = (await linkedAudit(accountId)).map((e) => e.details as { userId: string });
    expect(audited.filter((d) => d.userId === userId)).toHaveLength(1);
    // Typed in lower case again, it names the same link, and removes it.
    const unlinked = await call(
      h.app,
      'DELETE',
      `/api/admin/users/${userId}/links/account/${typed}`,
      { cookie: admin },
    );
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().accountIds).toEqual([]);
    expect(await storedLinks()).toEqual([]);
  });

  it('removing issuer staff’s last issuer removes their securities too, each audited, and their session loses them at once', async () => {
    expect((await addLink({ kind: 'issuer', upstreamId: issuerOfKnownSecurity })).statusCode).toBe(
      200,
    );
    expect((await addLink({ kind: 'security', upstreamId: knownSecurity })).statusCode).toBe(200);
    const staff = await signIn(h.app, `links-${counter}@example.test`, 'linked-password-2026');
    const hoursChanges = `/api/securities/${knownSecurity}/market-hours/changes`;
    expect((await call(h.app, 'GET', hoursChanges, { cookie: staff })).statusCode).toBe(200);

    const res = await call(
      h.app,
      'DELETE',
      `/api/admin/users/${userId}/links/issuer/${issuerOfKnownSecurity}`,
      { cookie: admin },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ issuerIds: [], securityIds: [] });
    expect(await storedLinks()).toEqual([]);
    expect((await call(h.app, 'GET', hoursChanges, { cookie: staff })).statusCode).toBe(403);
    const events = await h.db
      .selectFrom('audit_events')
      .select(['object_type', 'details'])
      .where('action', '=', 'user_unlinked')
      .where(sql<string>`details->>'userId'`, '=', userId)
      .orderBy('id')
      .execute();
    expect(events).toHaveLength(2);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ object_type: 'issuer' }),
        {
          object_type: 'security',
          details: expect.objectContaining({ userId, withLastIssuer: issuerOfKnownSecurity }),
        },
      ]),
    );
  });

  it('removing one of two issuers leaves the securities, which the platform names no issuer of', async () => {
    const other = h.manifest.issuers.find((i) => i.issuerId !== issuerOfKnownSecurity)!.issuerId;
    expect((await addLink({ kind: 'issuer', upstreamId: issuerOfKnownSecurity })).statusCode).toBe(
      200,
    );
    expect((await addLink({ kind: 'issuer', upstreamId: other })).statusCode).toBe(200);
    expect((await addLink({ kind: 'security', upstreamId: knownSecurity })).statusCode).toBe(200);
    const res = await call(h.app, 'DELETE', `/api/admin/users/${userId}/links/issuer/${other}`, {
      cookie: admin,
    });
    expect(res.json()).toMatchObject({
      issuerIds: [issuerOfKnownSecurity],
      securityIds: [knownSecurity],
    });
  });

  it('removing a link the user does not have is refused, and the log says nobody unlinked it', async () => {
    userId = await newUser('investor');
    const accountId = h.manifest.investors[0].accountIds[0];
    const unlinked = () =>
      h.db
        .selectFrom('audit_events')
        .select('id')
        .where('action', '=', 'user_unlinked')
        .where('object_id', '=', accountId)
        .execute();
    const before = (await unlinked()).length;
    const res = await call(
      h.app,
      'DELETE',
      `/api/admin/users/${userId}/links/account/${accountId}`,
      { cookie: admin },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({
      message: `links-${counter}@example.test is not linked to account ${accountId}. Nothing was changed.`,
      submitted: 'no',
    });
    // An "unlinked" event would tell whoever reads the log that this user had held the account.
    expect(await unlinked()).toHaveLength(before);
  });

  it('an id that is not of the platform’s form is checked as typed', async () => {
    userId = await newUser('investor');
    const res = await addLink({ kind: 'account', upstreamId: 'acct-1040000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      { field: 'upstreamId', message: 'No account acct-1040000 exists on the platform' },
    ]);
  });
});

describe('linking an issuer', () => {
  it('links the issuer of an offering', async () => {
    const res = await addLink({ kind: 'issuer', upstreamId: issuerWithOfferings });
    expect(res.statusCode).toBe(200);
    expect(res.json().issuerIds).toEqual([issuerWithOfferings]);
  });

  it('refuses an issuer no offering names, on upstreamId, and asks for a confirmation', async () => {
    const res = await addLink({ kind: 'issuer', upstreamId: '9999' });
    expect(res.statusCode).toBe(400);
    const message =
      'No offering on the platform names issuer 9999. Check the id, or confirm that you checked this issuer on the platform';
    expect(res.json().error).toMatchObject({
      code: 'bad_request',
      message: `${message}. Nothing was linked.`,
      submitted: 'no',
      fields: [
        { field: 'upstreamId', message },
        { field: 'confirmIssuerWithoutOfferings', message },
      ],
    });
    expect(await storedLinks()).toEqual([]);
    // An explicit "no" is no confirmation.
    const declined = await addLink({
      kind: 'issuer',
      upstreamId: '9999',
      confirmIssuerWithoutOfferings: false,
    });
    expect(declined.statusCode).toBe(400);
    expect(await storedLinks()).toEqual([]);
  });

  it('links an issuer no offering names when the admin confirms it; the audit keeps that', async () => {
    const res = await addLink({
      kind: 'issuer',
      upstreamId: '9998',
      confirmIssuerWithoutOfferings: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().issuerIds).toEqual(['9998']);
    const [event] = await linkedAudit('9998');
    const details = typeof event.details === 'string' ? JSON.parse(event.details) : event.details;
    expect(details).toMatchObject({ userId, confirmedIssuerWithoutOfferings: true });
  });
});

// Last: the faults may open the breakers of these operations for the rest of this harness.
describe('a platform that cannot answer', () => {
  it('links no security when getSecurityMarketHours fails: the platform’s sentence says why', async () => {
    // Reads retry, so the fault lasts until it is cleared after the test.
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getSecurityMarketHours',
      httpStatus: 503,
    });
    const res = await addLink({ kind: 'security', upstreamId: knownSecurity });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({ code: 'upstream_unavailable', submitted: 'no' });
    expect(res.json().error.message).toMatch(
      /^The security could not be checked with the platform, so nothing was linked\. \S/,
    );
    expect(res.json().error.fields).toBeUndefined();
    expect(await storedLinks()).toEqual([]);
  });

  it('links no account when getAccount fails', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getAccount',
      httpStatus: 503,
    });
    userId = await newUser('investor');
    const accountId = h.manifest.investors[0].accountIds[0];
    const res = await addLink({ kind: 'account', upstreamId: accountId });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toMatch(
      /^The account could not be checked with the platform, so nothing was linked\. \S/,
    );
    expect(await storedLinks()).toEqual([]);
  });

  it('links no issuer when the offering catalog cannot be read', async () => {
    h.built.deps.offerings.invalidate();
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: h.config.upstreamAuth === 'header' ? 'offerings' : 'getAllOffers',
      httpStatus: 503,
    });
    const res = await addLink({ kind: 'issuer', upstreamId: issuerWithOfferings });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({ code: 'upstream_unavailable', submitted: 'no' });
    expect(res.json().error.message).toMatch(
      /^The issuer could not be checked with the platform, so nothing was linked\. \S/,
    );
    expect(await storedLinks()).toEqual([]);
  });
});

describe('finding the changes to a user in the audit log', () => {
  it('the user filter finds what an admin did to that user, not only what the user did', async () => {
    const res = await addLink({ kind: 'issuer', upstreamId: issuerOfKnownSecurity });
    expect(res.statusCode).toBe(200);
    const email = `links-${counter}@example.test`;
    const page = auditPageSchema.parse(
      (
        await call(
          h.app,
          'GET',
          `/api/audit-events?user=${encodeURIComponent(`LINKS-${counter}@`)}`,
          {
            cookie: admin,
          },
        )
      ).json(),
    );
    expect(page.events.map((e) => e.action).sort()).toEqual(['user_created', 'user_linked']);
    expect(page.events.every((e) => e.userEmail === 'admin@demo.test')).toBe(true);
    expect(page.events.every((e) => e.details?.email === email)).toBe(true);
  });
});

describe('changing the role of a linked user', () => {
  it('removes the links the new role does not act on, in the same change, and audits each', async () => {
    for (const link of [
      { kind: 'issuer', upstreamId: issuerOfKnownSecurity },
      { kind: 'security', upstreamId: knownSecurity },
    ]) {
      expect((await addLink(link)).statusCode).toBe(200);
    }
    const changed = await call(h.app, 'PUT', `/api/admin/users/${userId}/role`, {
      cookie: admin,
      body: { role: 'investor' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      role: 'investor',
      accountIds: [],
      issuerIds: [],
      securityIds: [],
    });
    expect(await storedLinks()).toEqual([]);

    const mine = (
      await h.db
        .selectFrom('audit_events')
        .select(['action', 'object_type', 'object_id', 'details', 'user_email'])
        .where('action', 'in', ['user_role_changed', 'user_unlinked'])
        .orderBy('id')
        .execute()
    )
      .map((e) => ({
        ...e,
        details: (typeof e.details === 'string' ? JSON.parse(e.details) : e.details) as Record<
          string,
          unknown
        >,
      }))
      .filter((e) => e.object_id === userId || e.details.userId === userId);
    const roleChange = { from: 'issuer_staff', to: 'investor' };
    expect(mine).toEqual([
      expect.objectContaining({
        action: 'user_role_changed',
        user_email: 'admin@demo.test',
        details: expect.objectContaining({
          ...roleChange,
          unlinked: [
            { kind: 'issuer', upstreamId: issuerOfKnownSecurity },
            { kind: 'security', upstreamId: knownSecurity },
          ],
        }),
      }),
      expect.objectContaining({
        action: 'user_unlinked',
        object_type: 'issuer',
        object_id: issuerOfKnownSecurity,
        details: expect.objectContaining({ userId, roleChanged: roleChange }),
      }),
      expect.objectContaining({
        action: 'user_unlinked',
        object_type: 'security',
        object_id: knownSecurity,
        details: expect.objectContaining({ userId, roleChanged: roleChange }),
      }),
    ]);

    // Given the old role back, they hold nothing of it until linked again.
    const back = await call(h.app, 'PUT', `/api/admin/users/${userId}/role`, {
      cookie: admin,
      body: { role: 'issuer_staff' },
    });
    expect(back.json()).toMatchObject({ role: 'issuer_staff', issuerIds: [], securityIds: [] });
  });
});
