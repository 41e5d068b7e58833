import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runUsersCommand, UsersCommandError } from '../cli/users-command';
import { CoalescingCache } from '../lib/coalescing-cache';
import type { LinkCheckDeps } from '../lib/link-checks';
import type { OfferingCatalog } from '../lib/offering-catalog';
import { createUpstreamClient } from '../upstream/client';
import { useHarness } from './harness';

/**
 * `npm run users` changes what people may do as the Users page does: each change is audited (with
 * the operating-system user, since no portal user is signed in), and a new link is checked with
 * the platform by the same rules (getAccount §4.10, getSecurityMarketHours, the offering catalog
 * for an issuer, which §4.16 gives no read of).
 */
let counter = 0;
const printed: string[] = [];

const h = useHarness({}, 120_000);

function run(
  argv: string[],
  {
    password = 'a-long-password-1',
    linkChecks,
    operator = 'ops-shell',
    url = h.sandboxUrl,
  }: { password?: string; linkChecks?: LinkCheckDeps; operator?: string; url?: string } = {},
) {
  return runUsersCommand(argv, {
    db: h.db,
    platform: () =>
      Promise.resolve({
        checks: linkChecks ?? h.built.deps,
        words: 'the test sandbox',
        credentials: 'TRANSACT_CLIENT_ID and TRANSACT_API_KEY',
        address: { url, setting: 'TRANSACT_BASE_URL' },
      }),
    readPassword: () => Promise.resolve(password),
    print: (line) => printed.push(line),
    operator,
  });
}

/** Link checks against the platform at `baseUrl`, asked with `apiKey`; close its upstream after. */
function linkChecksAt(baseUrl: string, apiKey: string) {
  const upstream = createUpstreamClient({
    baseUrl,
    clientId: 'c',
    apiKey,
    auth: h.config.upstreamAuth,
    timeoutMs: 1_000,
    maxSockets: 1,
  });
  const checks: LinkCheckDeps = {
    upstream,
    offerings: new CoalescingCache<OfferingCatalog>(5_000),
    loadOfferings: () => Promise.reject(new Error('not used')),
  };
  return { checks, upstream };
}

async function newUser(role = 'investor'): Promise<string> {
  const email = `cli-${++counter}@example.test`;
  await run(['create', '--email', email, '--name', 'Cli', '--role', role]);
  return email;
}

const linksOf = (email: string) =>
  h.db
    .selectFrom('user_links')
    .innerJoin('users', 'users.id', 'user_links.user_id')
    .select(['kind', 'upstream_id'])
    .where('users.email', '=', email)
    .execute();

/** Links an account the demo investor holds too, confirmed as the rule for shared accounts asks. */
const linkConfirmed = (email: string, accountId: string) =>
  run(['link', '--email', email, '--account', accountId, '--confirm-account-of-other-user']);

async function lastAudit(action: string) {
  const row = await h.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const details = typeof row.details === 'string' ? JSON.parse(row.details) : row.details;
  return { ...row, details: details as Record<string, unknown> };
}

describe('creating a user from the command line', () => {
  it('creates the user and audits it with who ran the command', async () => {
    const email = await newUser();
    expect(printed.at(-1)).toMatch(new RegExp(`^Created ${email} \\(investor\\), id `));
    const event = await lastAudit('user_created');
    expect(event.user_id).toBeNull();
    expect(event.details).toMatchObject({
      email,
      role: 'investor',
      password: true,
      by: 'command_line',
      operator: 'ops-shell',
    });
  });

  it('names the field and the rule of bad input, and creates nobody', async () => {
    await expect(
      run(['create', '--email', 'not-an-address', '--name', 'X', '--role', 'investor']),
    ).rejects.toThrow('--email: Email must be a valid email address.');
    await expect(
      run(['create', '--email', 'short@example.test', '--name', 'X', '--role', 'investor'], {
        password: 'too-short',
      }),
    ).rejects.toThrow('Password: Password must be at least 12 characters.');
    await expect(
      run(['create', '--email', 'role@example.test', '--name', 'X', '--role', 'boss']),
    ).rejects.toThrow(/^--role: /);
    const created = await h.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', ['not-an-address', 'short@example.test', 'role@example.test'])
      .execute();
    expect(created).toEqual([]);
  });

  it('refuses an address that is taken', async () => {
    const email = await newUser();
    await expect(
      run(['create', '--email', email.toUpperCase(), '--name', 'Again', '--role', 'admin']),
    ).rejects.toThrow(`A user with email ${email} already exists.`);
  });
});

describe('linking from the command line', () => {
  it('refuses an account another portal user holds, as the Users page does, until the operator confirms it', async () => {
    const email = await newUser();
    // The demo investor holds it (demo-users.ts).
    const accountId = h.manifest.investors[0].accountIds[0];
    for (const argv of [
      ['link', '--email', email, '--account', accountId],
      // Skipping the platform's check does not skip this one: it is the portal's own links (the
      // holder's name, which the platform gives, is then not said).
      ['link', '--email', email, '--account', accountId, '--unchecked'],
    ]) {
      await expect(run(argv)).rejects.toThrow(
        new RegExp(
          `^Account ${accountId}(, held by [^,]+,)? is already linked to [^:]*investor@demo\\.test[^:]*: this user would see it and could move its money too\\. Check that it is theirs, or confirm that both should act on it\\. Nothing was linked\\. --confirm-account-of-other-user says you checked it \\(the audit log keeps that you did\\)\\.$`,
        ),
      );
    }
    expect(await linksOf(email)).toEqual([]);

    await linkConfirmed(email, accountId);
    expect(await linksOf(email)).toEqual([{ kind: 'account', upstream_id: accountId }]);
    expect((await lastAudit('user_linked')).details).toMatchObject({
      confirmedAccountOfOtherUser: true,
      alsoLinkedTo: expect.arrayContaining(['investor@demo.test']),
      by: 'command_line',
    });
  });

  it('links an account the platform holds, audited with its check', async () => {
    const email = await newUser();
    const accountId = h.manifest.investors[0].accountIds[0];
    // Held by the demo investor too: confirmed, as the test above requires.
    await linkConfirmed(email, accountId);
    expect(await linksOf(email)).toEqual([{ kind: 'account', upstream_id: accountId }]);
    const event = await lastAudit('user_linked');
    expect(event).toMatchObject({ object_type: 'account', object_id: accountId });
    expect(event.details).toMatchObject({ email, by: 'command_line', operator: 'ops-shell' });
    expect(event.details.unchecked).toBeUndefined();
  });

  it('takes an account id in any letter case, as the Users page does: linked and unlinked as the platform writes it', async () => {
    const email = await newUser();
    const accountId = h.manifest.investors[0].accountIds[0];
    await linkConfirmed(email, accountId.toLowerCase());
    expect(await linksOf(email)).toEqual([{ kind: 'account', upstream_id: accountId }]);
    expect(await lastAudit('user_linked')).toMatchObject({ object_id: accountId });
    expect(printed.at(-1)).toMatch(new RegExp(`^Linked account ${accountId};`));
    await run(['unlink', '--email', email, '--account', accountId.toLowerCase()]);
    expect(await lastAudit('user_unlinked')).toMatchObject({ object_id: accountId });
    expect(await linksOf(email)).toEqual([]);
  });

  it('refuses an account the platform does not hold and links nothing', async () => {
    const email = await newUser();
    const refusal = run(['link', '--email', email, '--account', 'A9999999']);
    await expect(refusal).rejects.toBeInstanceOf(UsersCommandError);
    await expect(refusal).rejects.toThrow(
      'No account A9999999 exists on the platform. Nothing was linked.',
    );
    expect(await linksOf(email)).toEqual([]);
  });

  it('refuses an issuer no offering names until the operator confirms it', async () => {
    const email = await newUser('issuer_staff');
    await expect(run(['link', '--email', email, '--issuer', '9997'])).rejects.toThrow(
      /No offering on the platform names issuer 9997\..*--confirm-issuer-without-offerings/,
    );
    expect(await linksOf(email)).toEqual([]);
    await run(['link', '--email', email, '--issuer', '9997', '--confirm-issuer-without-offerings']);
    expect(await linksOf(email)).toEqual([{ kind: 'issuer', upstream_id: '9997' }]);
    expect((await lastAudit('user_linked')).details).toMatchObject({
      confirmedIssuerWithoutOfferings: true,
    });
  });

  it('refuses a security the staff of another issuer hold, as the Users page does, until the operator confirms it', async () => {
    const security = h.manifest.issuers.flatMap((i) => i.securityIds ?? [])[0];
    // The demo issuer staff are linked to the issuer of that security (demo-users.ts).
    const holder = h.manifest.issuers.find((i) => i.securityIds?.includes(security))!.issuerId;
    const other = h.manifest.issuers.find((i) => i.issuerId !== holder)!.issuerId;
    const email = await newUser('issuer_staff');
    await run(['link', '--email', email, '--issuer', other]);

    for (const argv of [
      ['link', '--email', email, '--security', security],
      // Skipping the platform's check does not skip this one: it is the portal's own links.
      ['link', '--email', email, '--security', security, '--unchecked'],
    ]) {
      await expect(run(argv)).rejects.toThrow(
        `Security ${security} is linked to the staff of issuer ${holder}, and this user is linked to issuer ${other}: the link would let them set its trading hours. Check on the platform whose security it is, or confirm that it belongs to an issuer of this user. Nothing was linked. --confirm-security-of-other-issuer says you checked it (the audit log keeps that you did).`,
      );
    }
    expect(await linksOf(email)).toEqual([{ kind: 'issuer', upstream_id: other }]);

    await run([
      'link',
      '--email',
      email,
      '--security',
      security,
      '--confirm-security-of-other-issuer',
    ]);
    expect(await linksOf(email)).toContainEqual({ kind: 'security', upstream_id: security });
    expect((await lastAudit('user_linked')).details).toMatchObject({
      confirmedSecurityOfOtherIssuer: true,
      heldBy: [holder],
      by: 'command_line',
    });
  });

  it('refuses a security the staff of another issuer hold to a user linked to no issuer, as the Users page does, confirmed or not', async () => {
    const security = h.manifest.issuers.flatMap((i) => i.securityIds ?? [])[0];
    const holder = h.manifest.issuers.find((i) => i.securityIds?.includes(security))!.issuerId;
    const email = await newUser('issuer_staff');
    for (const argv of [
      ['link', '--email', email, '--security', security],
      ['link', '--email', email, '--security', security, '--confirm-security-of-other-issuer'],
    ]) {
      // Whose it is: the holder, and others that earlier tests gave it to.
      await expect(run(argv)).rejects.toThrow(
        new RegExp(
          `^Security ${security} is linked to the staff of issuers? (\\d+, )*${holder}(, \\d+)*, and this user is linked to no issuer\\. Link this user to their issuer first \\(a link of the kind Issuer\\), then the security: issuer staff set the trading hours of their own issuers' securities only\\. Nothing was linked\\. --issuer links their issuer\\.$`,
        ),
      );
    }
    expect(await linksOf(email)).toEqual([]);
  });

  it('links nothing when the platform cannot be reached, names the address and its setting, and does not offer --unchecked', async () => {
    const email = await newUser();
    // Nothing listens on port 9 of this machine: a TRANSACT_BASE_URL set wrong, or a platform down.
    const url = 'http://127.0.0.1:9';
    const { checks: unreachable, upstream } = linkChecksAt(url, 'k');
    try {
      const refused = run(['link', '--email', email, '--account', 'A1234567'], {
        linkChecks: unreachable,
        url,
      });
      await expect(refused).rejects.toThrow(
        `The account could not be checked, so nothing was linked: the platform at ${url} could not be reached. Check TRANSACT_BASE_URL and that the platform is up, then run the command again. --unchecked is not offered for this: with no answer from the platform nothing confirms the id, and an address set wrong would go unnoticed.`,
      );
      expect(await linksOf(email)).toEqual([]);

      // Still the operator's to choose, knowingly: the audit log keeps that it was not checked.

      await run(['link', '--email', email, '--account', 'A1234567', '--unchecked'], {
        linkChecks: unreachable,
        url,
      });
      expect(await linksOf(email)).toEqual([{ kind: 'account', upstream_id: 'A1234567' }]);
      expect((await lastAudit('user_linked')).details).toMatchObject({ unchecked: true });
    } finally {
      upstream.close();
    }
  });

  it('names the credential settings when the platform refuses the portal’s credentials, and offers no --unchecked', async () => {
    const email = await newUser();
    // The sandbox answers a wrong key with 103 (§5 rule 8), as the real platform does.
    const { checks: wrongKey, upstream } = linkChecksAt(h.sandboxUrl, 'wrong-key');
    try {
      const refused = run(['link', '--email', email, '--account', 'A1234567'], {
        linkChecks: wrongKey,
      });
      await expect(refused).rejects.toThrow(
        "The account could not be checked, so nothing was linked: the platform (asked: the test sandbox) refused the portal's credentials. Check TRANSACT_CLIENT_ID and TRANSACT_API_KEY, then run the command again.",
      );
      await expect(refused).rejects.not.toThrow(/unavailable|--unchecked/);
      expect(await linksOf(email)).toEqual([]);
    } finally {
      upstream.close();
    }
  });

  it('refuses a kind of id the user’s role does not act on, in the Users page’s words, and links nothing', async () => {
    const accountId = h.manifest.investors[0].accountIds[0];
    const issuer = h.manifest.issuers[0].issuerId;
    const security = h.manifest.issuers.flatMap((i) => i.securityIds ?? [])[0];
    for (const [role, option, id, rule] of [
      ['investor', '--issuer', issuer, 'An investor is linked to accounts only'],
      ['investor', '--security', security, 'An investor is linked to accounts only'],
      [
        'issuer_staff',
        '--account',
        accountId,
        'Issuer staff are linked to issuers and securities only',
      ],
      [
        'compliance',
        '--account',
        accountId,
        'A compliance reviewer is linked to no account, issuer or security: the role reads them all',
      ],
      [
        'admin',
        '--issuer',
        issuer,
        'An administrator is linked to no account, issuer or security: the role reads them all',
      ],
    ]) {
      const email = await newUser(role);
      // The ids are ones the platform holds: the kind alone is refused, with or without the check.
      for (const argv of [
        ['link', '--email', email, option, id],
        ['link', '--email', email, option, id, '--unchecked'],
      ]) {
        await expect(run(argv), `${role} ${option}`).rejects.toThrow(
          new UsersCommandError(`${option}: ${rule}. Nothing was linked.`),
        );
      }
      expect(await linksOf(email)).toEqual([]);
    }
  });

  it('names exactly one kind of id', async () => {
    const email = await newUser();
    await expect(
      run(['link', '--email', email, '--account', 'A1', '--issuer', '2']),
    ).rejects.toThrow('Name exactly one of --account, --issuer or --security.');
  });
});

describe('listing and unknown commands', () => {
  it('lists the users of one role with --role, and refuses a role that is none', async () => {
    const admin = await newUser('admin');
    const investor = await newUser('investor');
    printed.length = 0;
    await run(['list', '--role', 'admin']);
    expect(printed.some((line) => line.startsWith(`${admin} `))).toBe(true);
    expect(printed.some((line) => line.startsWith(`${investor} `))).toBe(false);
    expect(printed.every((line) => /^\S+\s+admin\s/.test(line))).toBe(true);
    await expect(run(['list', '--role', 'boss'])).rejects.toThrow(
      '--role: boss is not a role; one of investor, issuer_staff, compliance, admin.',
    );
  });

  it('says a command it does not know is unknown, before the usage', async () => {
    await expect(run(['frobnicate'])).rejects.toThrow(/^Unknown command: frobnicate\.\nCommands:/);
    await expect(run([])).rejects.toThrow(/^Name a command\.\nCommands:/);
  });

  it("refuses an option the command does not take, naming it and the command's options, and changes nothing", async () => {
    const email = `cli-${++counter}@example.test`;
    printed.length = 0;
    // Mistyped: a `list --rol admin` that listed everyone would read as an answer.
    await expect(run(['list', '--rol', 'admin'])).rejects.toThrow(
      new UsersCommandError('Unknown option --rol for list: list takes --role.'),
    );
    await expect(
      run(['create', '--emial', email, '--name', 'Cli', '--role', 'investor']),
    ).rejects.toThrow(
      new UsersCommandError(
        'Unknown option --emial for create: create takes --email, --name, --role.',
      ),
    );
    // Another command's option is refused too, not ignored.
    await expect(
      run(['create', '--email', email, '--name', 'Cli', '--role', 'investor', '--unchecked']),
    ).rejects.toThrow(
      'Unknown option --unchecked for create: create takes --email, --name, --role.',
    );
    await expect(run(['list', 'admin'])).rejects.toThrow(
      'Unexpected word admin for list: each value follows its option. list takes --role.',
    );
    await expect(run(['password', '--email'])).rejects.toThrow(
      '--email needs a value. password takes --email.',
    );
    await expect(run(['link', '--email', email, '--unchecked=yes'])).rejects.toThrow(
      /^--unchecked takes no value\. link takes --email, --account, --issuer, --security, --confirm-issuer-without-offerings, /,
    );
    expect(printed).toEqual([]);
    expect(await linksOf(email)).toEqual([]);
    const created = await h.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });
});

describe('other changes from the command line', () => {
  it('audits disabling, enabling, a new password and unlinking', async () => {
    const email = await newUser();
    await run(['disable', '--email', email]);
    expect(await lastAudit('user_disabled')).toMatchObject({ object_type: 'user' });
    await run(['enable', '--email', email]);
    expect((await lastAudit('user_enabled')).details).toMatchObject({ email, by: 'command_line' });
    await run(['password', '--email', email], { password: 'another-long-password' });
    expect((await lastAudit('user_password_set')).details).toMatchObject({ email });
    await run(['reset-second-factor', '--email', email]);
    expect(await lastAudit('second_factor_reset')).toMatchObject({ object_type: 'user' });
    expect((await lastAudit('second_factor_reset')).details).toMatchObject({ email, removed: 0 });
    await run(['link', '--email', email, '--account', 'A7', '--unchecked']);
    await run(['unlink', '--email', email, '--account', 'A7']);
    expect(await lastAudit('user_unlinked')).toMatchObject({ object_id: 'A7' });
    expect(await linksOf(email)).toEqual([]);
  });

  it('unlinking issuer staff’s last issuer unlinks their securities too, each audited', async () => {
    const email = await newUser('issuer_staff');
    await run(['link', '--email', email, '--issuer', '9001', '--unchecked']);
    await run(['link', '--email', email, '--security', '9101', '--unchecked']);
    await run(['unlink', '--email', email, '--issuer', '9001']);
    expect(await linksOf(email)).toEqual([]);
    const security = await h.db
      .selectFrom('audit_events')
      .select(['details'])
      .where('action', '=', 'user_unlinked')
      .where('object_type', '=', 'security')
      .where('object_id', '=', '9101')
      .executeTakeFirstOrThrow();
    expect(security.details).toMatchObject({
      email,
      withLastIssuer: '9001',
      by: 'command_line',
    });
  });

  it('refuses a link the user has already, and audits no second link', async () => {
    const email = await newUser();
    await run(['link', '--email', email, '--account', 'A19', '--unchecked']);
    await expect(
      run(['link', '--email', email, '--account', 'A19', '--unchecked']),
    ).rejects.toThrow(`${email} is linked to account A19 already. Nothing was changed.`);
    const linked = await h.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'user_linked')
      .where('object_id', '=', 'A19')
      .execute();
    expect(linked).toHaveLength(1);
  });

  it('refuses to unlink what the user does not have, and audits no unlinking', async () => {
    const email = await newUser();
    const before = await h.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'user_unlinked')
      .where('object_id', '=', 'A8')
      .execute();
    await expect(run(['unlink', '--email', email, '--account', 'A8'])).rejects.toThrow(
      `${email} is not linked to account A8. Nothing was changed.`,
    );
    const after = await h.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'user_unlinked')
      .where('object_id', '=', 'A8')
      .execute();
    expect(after).toHaveLength(before.length);
  });
});

/**
 * The audit log refuses the events of one operator, in the database itself (a trigger), so the
 * write fails as a store's does, on PGlite and on PostgreSQL alike (TEST_DATABASE_URL), inside
 * the command's transaction. Returns the undo.
 */
const REFUSED_OPERATOR = 'audit-refused';
async function refuseAuditOf(operator: string): Promise<() => Promise<void>> {
  await sql`create or replace function refuse_audit() returns trigger language plpgsql as $$
    begin
      if new.details->>'operator' = ${sql.lit(operator)} then
        raise exception 'audit log refused the event';
      end if;
      return new;
    end $$`.execute(h.db);
  await sql`create trigger refuse_audit before insert on audit_events
    for each row execute function refuse_audit()`.execute(h.db);
  return async () => {
    await sql`drop trigger refuse_audit on audit_events`.execute(h.db);
    await sql`drop function refuse_audit()`.execute(h.db);
  };
}

describe('a change whose audit event cannot be written', () => {
  const refusal =
    'The audit log could not be written (audit log refused the event), so nothing was changed. Run the command again once the store answers.';

  it('creates nobody, and says nothing was changed', async () => {
    const email = `cli-unaudited-${++counter}@example.test`;
    const undo = await refuseAuditOf(REFUSED_OPERATOR);
    try {
      await expect(
        run(['create', '--email', email, '--name', 'Cli', '--role', 'investor'], {
          operator: REFUSED_OPERATOR,
        }),
      ).rejects.toThrow(new UsersCommandError(refusal));
    } finally {
      await undo();
    }
    const users = await h.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toEqual([]);
    // Run again once the log is written, it creates the user, audited once.
    await run(['create', '--email', email, '--name', 'Cli', '--role', 'investor']);
    expect((await lastAudit('user_created')).details).toMatchObject({ email });
  });

  it('links nothing, and says nothing was changed', async () => {
    const email = await newUser();
    const undo = await refuseAuditOf(REFUSED_OPERATOR);
    try {
      await expect(
        run(['link', '--email', email, '--account', 'A9', '--unchecked'], {
          operator: REFUSED_OPERATOR,
        }),
      ).rejects.toThrow(new UsersCommandError(refusal));
    } finally {
      await undo();
    }
    expect(await linksOf(email)).toEqual([]);
  });

  it('disables nobody (and so signs nobody out), and says nothing was changed', async () => {
    const email = await newUser();
    const undo = await refuseAuditOf(REFUSED_OPERATOR);
    try {
      await expect(
        run(['disable', '--email', email], { operator: REFUSED_OPERATOR }),
      ).rejects.toThrow(refusal);
    } finally {
      await undo();
    }
    const { disabled } = await h.db
      .selectFrom('users')
      .select('disabled')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(disabled).toBe(false);
  });
});
