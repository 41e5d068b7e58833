import { linkKindRule, linkKindsOf, type AddLink, type LinkKind } from '../../contract/identity';
import type { FieldIssue } from '../../contract/errors';
import type { Role } from '../../contract/session';
import type { Deps } from '../deps';
import type { UserLinks } from '../store/users';
import { getAccount } from '../upstream';
import type { UpstreamError } from '../upstream/errors';
import { getSecurityMarketHours } from '../upstream/get-security-market-hours';
import { HttpError } from './http-error';
import type { OfferingCatalog } from './offering-catalog';
import { fromUpstream, isUpstreamError } from './upstream-errors';

/** What checking a link needs: the upstream, and the offering catalog (cached, as the BFF keeps it). */
export type LinkCheckDeps = Pick<Deps, 'upstream' | 'offerings' | 'loadOfferings'>;

/*
 * A link to an id the platform does not hold gives the user a page that can never load (an
 * account, a security's trading hours) or an empty workspace (an issuer), and would read as a
 * passing fault. So the id is checked before it is linked; when it cannot be checked, nothing is
 * linked.
 */

/** The refusal of an id the platform does not hold, on the field the admin typed it in. */
function unknownId(message: string, extraFields: FieldIssue[] = []): HttpError {
  return new HttpError('bad_request', `${message}. Nothing was linked.`, {
    fields: [{ field: 'upstreamId', message }, ...extraFields],
    submitted: 'no',
  });
}

/**
 * A link of a kind the user's role does not act on (policy/ownership.ts: an investor acts on
 * accounts, issuer staff on issuers and securities, reviewers and admins read across) is refused
 * on `kind`, before the platform is asked: it would do nothing now, and would give access unasked
 * if the user were later given a role that acts on it, since a role change keeps the links the
 * new role acts on.
 */
export function kindMustSuitRole(role: Role, kind: LinkKind): void {
  if (linkKindsOf(role).includes(kind)) return;
  const message = linkKindRule[role];
  throw new HttpError('bad_request', `${message}. Nothing was linked.`, {
    fields: [{ field: 'kind', message }],
    submitted: 'no',
  });
}

/** The refusal when the platform could not answer: its own sentence says why and what to do. */
function notChecked(what: string, err: UpstreamError): HttpError {
  const refusal = new HttpError(
    fromUpstream(err).code,
    `${what} could not be checked with the platform, so nothing was linked. ${err.userMessage}`,
    { submitted: 'no' },
  );
  // The fault itself stays with it: the command line names the settings to fix (cli/users-command).
  return Object.assign(refusal, { cause: err });
}

/**
 * Reads one record of the platform to prove its id exists: "not found" is refused on the field,
 * any other fault refuses with the platform's sentence; either way nothing is linked.
 */
async function mustExist<T>(
  kind: 'account' | 'security',
  id: string,
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (isUpstreamError(err) && err.kind === 'not_found') {
      throw unknownId(`No ${kind} ${id} exists on the platform`);
    }
    if (isUpstreamError(err)) throw notChecked(`The ${kind}`, err);
    throw err;
  }
}

/** getAccount (§4.10) tells: 148 or 1404 is "no such account" (real-world notes §5). */
const accountMustExist = (deps: LinkCheckDeps, accountId: string) =>
  mustExist('account', accountId, () => getAccount(deps.upstream, { accountId }));

/**
 * The interface document has no read of a security; getSecurityMarketHours (real-world notes
 * §4.2) is the read real traffic shows, and the one the trading-hours page makes, so a security it
 * answers is one that page can open. Its "no such security" is `not_found` (see the upstream
 * module).
 */
const securityMustExist = (deps: LinkCheckDeps, securityId: string) =>
  mustExist('security', securityId, () => getSecurityMarketHours(deps.upstream, securityId));

/**
 * The interface document names no read of an issuer: §4.16 only names a GET issuers collection,
 * without its path or payload. What the portal can read is the offering catalog (§2.2 `issuerId`;
 * the same read the issuer workspace makes), so an issuer no offering names is refused unless the
 * admin confirms they checked it on the platform: an issuer with no offering yet is possible, but
 * a mistyped id is the likelier cause, and it would give issuer staff an empty workspace.
 */
async function issuerMustBeNamed(deps: LinkCheckDeps, issuerId: string): Promise<void> {
  let catalog: OfferingCatalog;
  try {
    catalog = await deps.offerings.get('all', () => deps.loadOfferings());
  } catch (err) {
    if (isUpstreamError(err)) throw notChecked('The issuer', err);
    throw err;
  }
  if (catalog.offerings.some((offering) => offering.issuerId === issuerId)) return;
  // Records the BFF could not read may name it: say so rather than claim what is not known.
  const unread =
    catalog.skippedRecords > 0
      ? ` (${catalog.skippedRecords} offering record${catalog.skippedRecords === 1 ? '' : 's'} could not be read)`
      : '';
  const message = `No offering on the platform names issuer ${issuerId}${unread}. Check the id, or confirm that you checked this issuer on the platform`;
  throw unknownId(message, [{ field: 'confirmIssuerWithoutOfferings', message }]);
}

/** The check of a new link by its kind; answers what the audit event keeps of it. */
export async function linkMustBeKnown(
  deps: LinkCheckDeps,
  { kind, upstreamId, confirmIssuerWithoutOfferings }: AddLink,
): Promise<Record<string, unknown>> {
  switch (kind) {
    case 'account':
      // The holder's name as the platform gives it (§4.10 accountName): the audit log names
      // whose account was linked, not an id alone.
      return { holderName: (await accountMustExist(deps, upstreamId)).name };
    case 'security':
      await securityMustExist(deps, upstreamId);
      return {};
    case 'issuer':
      // The admin's confirmation stands in for the check, and the audit log keeps that it did.
      if (confirmIssuerWithoutOfferings) return { confirmedIssuerWithoutOfferings: true };
      await issuerMustBeNamed(deps, upstreamId);
      return {};
  }
}

/**
 * A security link lets issuer staff set that security's trading hours. The platform names no
 * issuer of a security (the interface document has no read of one; orders carry only its id
 * and name, §2.1), so the portal's own links are what it knows: a security its links give to the
 * staff of an issuer this user is not linked to is refused unless the admin confirms they
 * checked on the platform that it belongs to one of this user's issuers; a user linked to no
 * issuer is told to link their issuer first. A security no other staff hold passes: nothing tells whose it is. Answers what the audit event keeps of it.
 */
export async function securityMustBeOfTheirIssuers(
  deps: Pick<Deps, 'db'>,
  user: { id: string; role: string; links: Pick<UserLinks, 'issuerIds'> },
  { kind, upstreamId, confirmSecurityOfOtherIssuer }: AddLink,
): Promise<Record<string, unknown>> {
  if (kind !== 'security' || user.role !== 'issuer_staff') return {};
  const holders = await deps.db
    .selectFrom('user_links as held')
    .innerJoin('users', 'users.id', 'held.user_id')
    .innerJoin('user_links as issuer', 'issuer.user_id', 'held.user_id')
    .select('issuer.upstream_id')
    .distinct()
    .where('held.kind', '=', 'security')
    .where('held.upstream_id', '=', upstreamId)
    .where('held.user_id', '!=', user.id)
    .where('users.role', '=', 'issuer_staff')
    .where('issuer.kind', '=', 'issuer')
    .orderBy('issuer.upstream_id')
    .execute();
  const issuers = holders.map((row) => row.upstream_id);
  if (issuers.length === 0 || issuers.some((id) => user.links.issuerIds.includes(id))) return {};
  const whose = `issuer${issuers.length === 1 ? '' : 's'} ${issuers.join(', ')}`;
  /*
   * A user linked to no issuer has no issuer the security could belong to, so no confirmation
   * could be true: it is refused, confirmed or not, until their issuer is linked; then the rule
   * above applies to that issuer.
   */
  if (user.links.issuerIds.length === 0) {
    const message = `Security ${upstreamId} is linked to the staff of ${whose}, and this user is linked to no issuer. Link this user to their issuer first (a link of the kind Issuer), then the security: issuer staff set the trading hours of their own issuers' securities only`;
    throw unknownId(message);
  }
  if (confirmSecurityOfOtherIssuer)
    return { confirmedSecurityOfOtherIssuer: true, heldBy: issuers };
  const theirs = `this user is linked to issuer${user.links.issuerIds.length === 1 ? '' : 's'} ${user.links.issuerIds.join(', ')}`;
  const message = `Security ${upstreamId} is linked to the staff of ${whose}, and ${theirs}: the link would let them set its trading hours. Check on the platform whose security it is, or confirm that it belongs to an issuer of this user`;
  throw unknownId(message, [{ field: 'confirmSecurityOfOtherIssuer', message }]);
}

/** The other portal users an account is linked to, by email: what the Users page names. */
export async function otherHoldersOf(
  deps: Pick<Deps, 'db'>,
  accountId: string,
  exceptUserId: string | null,
): Promise<{ email: string; name: string }[]> {
  let query = deps.db
    .selectFrom('user_links')
    .innerJoin('users', 'users.id', 'user_links.user_id')
    .select(['users.email', 'users.name'])
    .where('user_links.kind', '=', 'account')
    .where('user_links.upstream_id', '=', accountId);
  if (exceptUserId) query = query.where('user_links.user_id', '!=', exceptUserId);
  return query.orderBy('users.email').execute();
}

/**
 * An account link lets the user see the account and move its money. One already linked to
 * another user is most often a mistyped id or the wrong person's account, so it is refused,
 * naming who holds it in the portal and whose it is on the platform, unless the admin confirms
 * that both should act on it (a joint holder, an adviser); the audit event keeps who else held
 * it. Answers what the audit event keeps of it.
 */
export async function accountOfOtherUserMustBeConfirmed(
  deps: Pick<Deps, 'db'>,
  user: { id: string },
  { kind, upstreamId, confirmAccountOfOtherUser }: AddLink,
  holderName: unknown,
): Promise<Record<string, unknown>> {
  if (kind !== 'account') return {};
  const others = await otherHoldersOf(deps, upstreamId, user.id);
  if (others.length === 0) return {};
  if (confirmAccountOfOtherUser) {
    return { confirmedAccountOfOtherUser: true, alsoLinkedTo: others.map((o) => o.email) };
  }
  const whom = others.map((o) => (o.name ? `${o.name} (${o.email})` : o.email)).join(', ');
  const holder = typeof holderName === 'string' && holderName ? `, held by ${holderName},` : '';
  const message = `Account ${upstreamId}${holder} is already linked to ${whom}: this user would see it and could move its money too. Check that it is theirs, or confirm that both should act on it`;
  throw unknownId(message, [{ field: 'confirmAccountOfOtherUser', message }]);
}
