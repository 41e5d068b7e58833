/**
 * The commands of `npm run users` (see users.ts), apart from the process around them so tests can
 * run them against a store and a sandbox. Every change is written to the audit log like the same
 * change made on the Users page, with `by: "command_line"` and the operating-system user who ran
 * it, since no portal user is signed in; a new link is checked with the platform by the same
 * rules as on that page. As on that page, a change and its audit event are one transaction: an
 * audit log that cannot be written changes nothing, and the command says so.
 */
import { parseArgs } from 'node:util';
import { addLinkSchema, createUserSchema, newPasswordSchema } from '../../contract/identity';
import { HttpError } from '../lib/http-error';
import { isUpstreamError } from '../upstream/errors';
import { roleSchema, type Role } from '../../contract/session';
import {
  accountOfOtherUserMustBeConfirmed,
  kindMustSuitRole,
  linkMustBeKnown,
  securityMustBeOfTheirIssuers,
  type LinkCheckDeps,
} from '../lib/link-checks';
import { recordAudit, type AuditEvent } from '../store/audit';
import type { Db } from '../store/db';
import type { LinkKind } from '../store/schema';
import { resetFactors } from '../store/second-factors';
import { revokeUserSessions } from '../store/sessions';
import {
  createUser,
  findUserIdByEmail,
  getLinks,
  hashPassword,
  link,
  listUsers,
  normalizeEmail,
  setDisabled,
  setPasswordHash,
  securityUnlinkedEvent,
  unlinkWithDependents,
} from '../store/users';

export const usersCommandUsage = `Commands:
  create --email a@b.c --name "Ada" --role investor   (password read from stdin or PORTAL_PASSWORD)
  link   --email a@b.c --account A1234567 | --issuer 123 | --security 45
         [--confirm-issuer-without-offerings] [--confirm-security-of-other-issuer]
         [--confirm-account-of-other-user] [--unchecked]
         (a kind the user's role acts on: an investor an account, issuer staff an issuer or security;
         --unchecked links without the platform's check, for an id it answers for but cannot show
         yet, never in place of a platform that does not answer)
  unlink --email a@b.c --account A1234567 | --issuer 123 | --security 45
  password --email a@b.c                               (new password from stdin or PORTAL_PASSWORD)
  disable --email a@b.c | enable --email a@b.c
  reset-second-factor --email a@b.c                   (a user, even the last admin, who lost theirs)
  list [--role investor]                               (every user, or those of one role)`;

/** A refusal of the command's words or of what they name; the process prints it and exits 1. */
export class UsersCommandError extends Error {}

export interface UsersCommandContext {
  db: Db;
  /**
   * The platform a new link is checked with, reached only when a link is made: how to ask it, and
   * its name in words for a check that could not be made.
   */
  platform(): Promise<{
    checks: LinkCheckDeps;
    words: string;
    /** The settings that hold the credentials the portal uses with it, in words. */
    credentials: string;
    /** Where it is asked, and the setting that says so (TRANSACT_BASE_URL for the platform). */
    address: { url: string; setting: string };
  }>;
  readPassword(): Promise<string>;
  print(line: string): void;
  /** Who ran the command, as the operating system names them. */
  operator: string;
}

/** Every option of the commands, as node:util parseArgs takes them. */
const optionSpecs = {
  email: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string' },
  account: { type: 'string' },
  issuer: { type: 'string' },
  security: { type: 'string' },
  'confirm-issuer-without-offerings': { type: 'boolean' },
  'confirm-security-of-other-issuer': { type: 'boolean' },
  'confirm-account-of-other-user': { type: 'boolean' },
  unchecked: { type: 'boolean' },
} as const;
type OptionName = keyof typeof optionSpecs;

const linkTargets: OptionName[] = ['email', 'account', 'issuer', 'security'];
/** The options each command takes (usersCommandUsage); any other is refused, never ignored. */
const commandOptions: Record<string, OptionName[]> = {
  create: ['email', 'name', 'role'],
  link: [
    ...linkTargets,
    'confirm-issuer-without-offerings',
    'confirm-security-of-other-issuer',
    'confirm-account-of-other-user',
    'unchecked',
  ],
  unlink: linkTargets,
  password: ['email'],
  disable: ['email'],
  enable: ['email'],
  'reset-second-factor': ['email'],
  list: ['role'],
};

/**
 * The command's options, parsed in node:util parseArgs' strict mode with only the options of
 * that command: a mistyped option (`--emial`), one of another command (`list --email`) or a
 * stray word is refused, naming it and the options the command takes, instead of being ignored
 * (a `list --rol admin` that listed everyone would read as an answer).
 */
function optionsOf(command: string, args: string[]) {
  const names = commandOptions[command]!;
  const options = Object.fromEntries(names.map((name) => [name, optionSpecs[name]]));
  const valid = `${command} takes ${names.map((name) => `--${name}`).join(', ')}.`;
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values as {
      [K in OptionName]?: (typeof optionSpecs)[K]['type'] extends 'string' ? string : boolean;
    };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    const named = /'([^']+)'/.exec((err as Error).message)?.[1] ?? '';
    switch (code) {
      case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
        throw new UsersCommandError(`Unknown option ${named} for ${command}: ${valid}`);
      case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
        throw new UsersCommandError(
          `Unexpected word ${named} for ${command}: each value follows its option. ${valid}`,
        );
      case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
        // "'--email <value>' argument missing", or "'--unchecked' does not take an argument".
        const option = named.split(' ')[0]!;
        const flag = optionSpecs[option.slice(2) as OptionName]?.type === 'boolean';
        throw new UsersCommandError(
          `${option} ${flag ? 'takes no value' : 'needs a value'}. ${valid}`,
        );
      }
      default:
        throw err;
    }
  }
}

export async function runUsersCommand(argv: string[], ctx: UsersCommandContext): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || !Object.hasOwn(commandOptions, command)) {
    throw new UsersCommandError(
      `${command === undefined ? 'Name a command.' : `Unknown command: ${command}.`}\n${usersCommandUsage}`,
    );
  }
  const values = optionsOf(command, rest);
  const { db } = ctx;
  /**
   * Makes a change and writes its audit event in one transaction (as the Users page's routes
   * do): a change is never kept unaudited, nor an event kept of a change that was not made.
   * `change` makes it in `tx` and answers its event and what the command prints of it.
   */
  const audited = async <T>(
    change: (tx: Db) => Promise<{ event: Omit<AuditEvent, 'outcome'>; result: T }>,
  ): Promise<T> =>
    db.transaction().execute(async (tx) => {
      const { event, result } = await change(tx);
      try {
        await recordAudit(tx, {
          ...event,
          outcome: 'succeeded',
          details: { ...event.details, by: 'command_line', operator: ctx.operator },
        });
      } catch (err) {
        // Thrown inside the transaction, so the change above is rolled back with it.
        const cause = err instanceof Error ? err.message : String(err);
        throw new UsersCommandError(
          `The audit log could not be written (${cause}), so nothing was changed. Run the command again once the store answers.`,
        );
      }
      return result;
    });
  /** A change to one user, audited as `action` on that user (with what `details` adds). */
  const auditedUserChange = <T>(
    user: { id: string; email: string },
    action: AuditEvent['action'],
    change: (tx: Db) => Promise<T>,
    details: (result: T) => Record<string, unknown> = () => ({}),
  ): Promise<T> =>
    audited(async (tx) => {
      const result = await change(tx);
      return {
        result,
        event: {
          action,
          objectType: 'user',
          objectId: user.id,
          details: { email: user.email, ...details(result) },
        },
      };
    });
  const needUser = async () => {
    if (!values.email) throw new UsersCommandError('--email is required.');
    const email = normalizeEmail(values.email);
    const id = await findUserIdByEmail(db, email);
    if (!id) throw new UsersCommandError(`No user with email ${values.email}.`);
    return { id, email };
  };
  const linkTarget = (): { kind: LinkKind; upstreamId: string } => {
    const named = (['account', 'issuer', 'security'] as const).filter((kind) => values[kind]);
    if (named.length !== 1) {
      throw new UsersCommandError('Name exactly one of --account, --issuer or --security.');
    }
    const parsed = addLinkSchema.safeParse({ kind: named[0], upstreamId: values[named[0]] });
    if (!parsed.success) {
      throw new UsersCommandError(`--${named[0]}: ${parsed.error.issues[0].message}.`);
    }
    return parsed.data;
  };

  switch (command) {
    case 'create': {
      const parsed = createUserSchema.safeParse({
        email: values.email,
        name: values.name,
        role: values.role,
        password: await passwordOf(ctx),
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new UsersCommandError(`--${String(issue.path[0])}: ${issue.message}.`);
      }
      const email = normalizeEmail(parsed.data.email);
      if (await findUserIdByEmail(db, email)) {
        throw new UsersCommandError(`A user with email ${email} already exists.`);
      }
      // Hashed before the transaction, which then holds the store only for its two writes.
      const passwordHash = await hashPassword(parsed.data.password);
      const id = await audited(async (tx) => {
        const created = await createUser(tx, { ...parsed.data, email, passwordHash });
        return {
          result: created,
          event: {
            action: 'user_created',
            objectType: 'user',
            objectId: created,
            details: { email, role: parsed.data.role, password: parsed.data.password !== '' },
          },
        };
      });
      ctx.print(`Created ${email} (${parsed.data.role}), id ${id}.`);
      return;
    }
    case 'link':
    case 'unlink': {
      const user = await needUser();
      const { kind, upstreamId } = linkTarget();
      let checked: Record<string, unknown> = {};
      if (command === 'link') {
        const { role } = await db
          .selectFrom('users')
          .select('role')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        await kindOfTheirRole(role, kind);
        const known = await checkLink(ctx, kind, upstreamId, values);
        checked = {
          ...known,
          ...(await securityOfTheirIssuers(db, { id: user.id, role }, kind, upstreamId, values)),
          ...(await accountOfOtherUsers(db, user.id, kind, upstreamId, known.holderName, values)),
        };
      }
      await audited(async (tx) => {
        if (command === 'link') {
          // A second "linked" event would tell a reader of the log it was made again.
          if (!(await link(tx, user.id, kind, upstreamId))) {
            throw new UsersCommandError(
              `${user.email} is linked to ${kind} ${upstreamId} already. Nothing was changed.`,
            );
          }
        } else {
          const securityIds = await unlinkWithDependents(tx, user.id, kind, upstreamId);
          // Nothing removed: no "unlinked" event, which would say the user had held this id.
          if (securityIds === null) {
            throw new UsersCommandError(
              `${user.email} is not linked to ${kind} ${upstreamId}. Nothing was changed.`,
            );
          }
          // Their last issuer gone, their securities went with it, as on the Users page.
          for (const securityId of securityIds) {
            await recordAudit(
              tx,
              securityUnlinkedEvent(securityId, {
                userId: user.id,
                email: user.email,
                withLastIssuer: upstreamId,
                by: 'command_line',
                operator: ctx.operator,
              }),
            );
          }
        }
        return {
          result: undefined,
          event: {
            action: command === 'link' ? 'user_linked' : 'user_unlinked',
            objectType: kind,
            objectId: upstreamId,
            details: { userId: user.id, email: user.email, ...checked },
          },
        };
      });
      ctx.print(
        `${command === 'link' ? 'Linked' : 'Unlinked'} ${kind} ${upstreamId}; now: ${JSON.stringify(await getLinks(db, user.id))}`,
      );
      return;
    }
    case 'password': {
      const user = await needUser();
      const hash = await hashPassword(await passwordOf(ctx));
      await auditedUserChange(user, 'user_password_set', async (tx) => {
        await setPasswordHash(tx, user.id, hash);
        await revokeUserSessions(tx, user.id);
      });
      ctx.print('Password changed; the user was signed out everywhere.');
      return;
    }
    case 'disable':
    case 'enable': {
      const user = await needUser();
      const action = command === 'disable' ? 'user_disabled' : 'user_enabled';
      await auditedUserChange(user, action, async (tx) => {
        await setDisabled(tx, user.id, command === 'disable');
        if (command === 'disable') await revokeUserSessions(tx, user.id);
      });
      ctx.print(`${user.email} ${command}d.`);
      return;
    }
    case 'reset-second-factor': {
      const user = await needUser();
      const removed = await auditedUserChange(
        user,
        'second_factor_reset',
        async (tx) => {
          const count = await resetFactors(tx, user.id);
          await revokeUserSessions(tx, user.id);
          return count;
        },
        (count) => ({ removed: count }),
      );
      ctx.print(`Removed ${removed} second factor(s); the user was signed out everywhere.`);
      return;
    }
    case 'list': {
      const role = values.role === undefined ? undefined : roleSchema.safeParse(values.role);
      if (role && !role.success) {
        throw new UsersCommandError(
          `--role: ${values.role} is not a role; one of ${roleSchema.options.join(', ')}.`,
        );
      }
      for (const u of await listUsers(db)) {
        if (role && u.role !== role.data) continue;
        const links = await getLinks(db, u.id);
        ctx.print(
          `${u.email.padEnd(28)} ${u.role.padEnd(13)} ${u.disabled ? 'disabled ' : ''}${u.demo ? 'demo ' : ''}${JSON.stringify(links)}`,
        );
      }
      return;
    }
  }
}

/** A password by the portal's rule (12 to 200 characters); the command line has no sign-on-only user. */
async function passwordOf(ctx: UsersCommandContext): Promise<string> {
  const password = await ctx.readPassword();
  const parsed = newPasswordSchema.safeParse(password);
  if (password === '') {
    throw new UsersCommandError('Password: pipe one in or set PORTAL_PASSWORD.');
  }
  if (!parsed.success) throw new UsersCommandError(`Password: ${parsed.error.issues[0].message}.`);
  return password;
}

/**
 * Runs one of the Users page's checks of a link (link-checks.ts) and answers what it keeps for the
 * audit event; a refusal becomes the command's error, in the words `say` gives it (the page's
 * message, and the option that answers it).
 */
async function checkInCommandWords<T>(
  check: () => T | Promise<T>,
  say: (refusal: HttpError) => string,
): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    throw new UsersCommandError(say(err));
  }
}

/** Whether a refusal names `field`: a confirmation the operator may give on the page. */
const refusalNames = (refusal: HttpError, field: string) =>
  refusal.extra.fields?.some((f) => f.field === field) ?? false;

/**
 * The Users page's rule that a user is linked only to the kinds of id their role acts on
 * (link-checks.ts), in its words, on the option that named the kind. Checked before the platform
 * is asked, and `--unchecked` does not skip it: it is about the role, not the platform.
 */
function kindOfTheirRole(role: Role, kind: LinkKind): Promise<void> {
  return checkInCommandWords(
    () => kindMustSuitRole(role, kind),
    (refusal) => `--${kind}: ${refusal.message}`,
  );
}

/**
 * The platform's word on a new link, as on the Users page; what the audit event keeps of it.
 * `--unchecked` links without asking (for an id the platform cannot show yet), and the audit
 * log keeps that it did. It is offered where the platform answered and refused the check; not
 * where the portal's settings are wrong or the platform did not answer (faultOf).
 */
async function checkLink(
  ctx: UsersCommandContext,
  kind: LinkKind,
  upstreamId: string,
  values: { 'confirm-issuer-without-offerings'?: boolean; unchecked?: boolean },
): Promise<Record<string, unknown>> {
  if (values.unchecked) return { unchecked: true };
  const platform = await ctx.platform();
  return checkInCommandWords(
    () =>
      linkMustBeKnown(platform.checks, {
        kind,
        upstreamId,
        confirmIssuerWithoutOfferings: values['confirm-issuer-without-offerings'],
      }),
    (refusal) => {
      const settings = misconfiguredSettings(refusal, platform.credentials);
      // The portal's own settings are wrong: linking unchecked would only hide that.
      if (settings) {
        return `The ${kind} could not be checked, so nothing was linked: the platform (asked: ${platform.words}) ${settings}`;
      }
      const fault = faultOf(refusal, platform.address);
      if (fault) {
        return `The ${kind} could not be checked, so nothing was linked: ${fault} --unchecked is not offered for this: with no answer from the platform nothing confirms the id, and an address set wrong would go unnoticed.`;
      }
      const hint = refusalNames(refusal, 'confirmIssuerWithoutOfferings')
        ? ' --confirm-issuer-without-offerings says you checked it (the audit log keeps that you did).'
        : refusal.code === 'bad_request'
          ? ''
          : ` (asked: ${platform.words}) --unchecked links without the check (the audit log keeps that it did).`;
      return `${refusal.message}${hint}`;
    },
  );
}

/**
 * The platform gave no answer to the check (§5: nothing listening, no answer in time, a server
 * error or an answer that could not be read, the breaker open after such faults): where it was
 * asked, and what to do. Null for an answer that refused it. Linking unchecked is not offered
 * then: it is meant for an id the platform answers for but cannot show the portal yet (its key
 * lacking the permission, a refusal), while with no answer nothing confirms the id, and a wrong
 * TRANSACT_BASE_URL would go unnoticed until the user's pages fail.
 */
function faultOf(refusal: HttpError, { url, setting }: { url: string; setting: string }) {
  const fault = refusal.cause;
  if (!isUpstreamError(fault)) return null;
  switch (fault.kind) {
    case 'unavailable':
      if (fault.httpStatus !== undefined) {
        return `the platform at ${url} answered with a server error (HTTP ${fault.httpStatus}). Run the command again in a few minutes.`;
      }
      return `the platform at ${url} could not be reached. Check ${setting} and that the platform is up, then run the command again.`;
    case 'circuit_open':
      return `the platform at ${url} could not be reached. Check ${setting} and that the platform is up, then run the command again.`;
    case 'timeout':
      return `the platform at ${url} did not answer in time. Run the command again in a few minutes; if it keeps happening, check ${setting}.`;
    case 'bad_response':
      return `the platform at ${url} answered in a form the portal could not read. Check ${setting}, then run the command again.`;
    default:
      return null;
  }
}

/**
 * What is wrong in the portal's own settings when the platform could not check a link for that
 * reason: the credentials it refused (103, §5 rule 8), or a GET that body credentials cannot make
 * (§5 rule 6). Null for any other refusal.
 */
function misconfiguredSettings(refusal: HttpError, credentials: string): string | null {
  const fault = refusal.cause;
  if (!isUpstreamError(fault) || fault.kind !== 'misconfigured') return null;
  return fault.statusCode === undefined
    ? 'needs header credentials for this check. Set TRANSACT_AUTH=header, then run the command again.'
    : `refused the portal's credentials. Check ${credentials}, then run the command again.`;
}

/**
 * The Users page's rule for a security that the portal's links give to the staff of another
 * issuer (link-checks.ts): refused unless `--confirm-security-of-other-issuer` says the operator
 * checked on the platform that it belongs to an issuer of this user, and refused outright, until
 * their issuer is linked, for a user linked to no issuer. The portal's own links are
 * all that tells whose a security is (the platform names no issuer of one, §2.1), so
 * `--unchecked`, which skips the platform's check, does not skip this one.
 */
async function securityOfTheirIssuers(
  db: Db,
  user: { id: string; role: Role },
  kind: LinkKind,
  upstreamId: string,
  values: { 'confirm-security-of-other-issuer'?: boolean },
): Promise<Record<string, unknown>> {
  return checkInCommandWords(
    async () =>
      securityMustBeOfTheirIssuers(
        { db },
        { ...user, links: await getLinks(db, user.id) },
        {
          kind,
          upstreamId,
          confirmSecurityOfOtherIssuer: values['confirm-security-of-other-issuer'],
        },
      ),
    // The confirmation is offered only where it could be true (not to a user with no issuer).
    (refusal) =>
      refusalNames(refusal, 'confirmSecurityOfOtherIssuer')
        ? `${refusal.message} --confirm-security-of-other-issuer says you checked it (the audit log keeps that you did).`
        : `${refusal.message} --issuer links their issuer.`,
  );
}

/**
 * The Users page's rule for an account another portal user is already linked to (link-checks.ts):
 * the new user would see it and could move its money too, so it is refused unless
 * `--confirm-account-of-other-user` says the operator checked that both should act on it. The
 * portal's own links tell it, so `--unchecked` does not skip it.
 */
function accountOfOtherUsers(
  db: Db,
  userId: string,
  kind: LinkKind,
  upstreamId: string,
  holderName: unknown,
  values: { 'confirm-account-of-other-user'?: boolean },
): Promise<Record<string, unknown>> {
  return checkInCommandWords(
    () =>
      accountOfOtherUserMustBeConfirmed(
        { db },
        { id: userId },
        {
          kind,
          upstreamId,
          confirmAccountOfOtherUser: values['confirm-account-of-other-user'],
        },
        holderName,
      ),
    (refusal) =>
      `${refusal.message} --confirm-account-of-other-user says you checked it (the audit log keeps that you did).`,
  );
}
