import { offeringParamsSchema, type Offering } from '../../contract/offerings';
import {
  computePreflight,
  CUSTODY_UNREADABLE,
  preflightQuerySchema,
  preflightSchema,
  type CustodyFacts,
  type Preflight,
} from '../../contract/preflight';
import { EASTERN, todayInZone } from '../../contract/time';
import { findInCatalog } from '../lib/offering-catalog';
import type { Deps } from '../deps';
import type { LinkedBankResult } from '../../contract/cash';
import { readLinkedBank } from '../lib/linked-bank';
import { errorBodyOf } from '../lib/upstream-errors';
import { getAccount, getCustodyAccount, isUpstreamError, lateReadError } from '../upstream';
import { inTimeAfter } from '../lib/in-time';
import { defineRoute } from './define';

async function findOffering(deps: Deps, offeringId: string): Promise<Offering> {
  return findInCatalog(await deps.offerings.get('all', () => deps.loadOfferings()), offeringId);
}

/**
 * The custody account where there is one; none (or none the portal may read) leaves the rule
 * out. A read that failed is said as such: it is a side check (investments are not paid from
 * custody), so it never takes the account's reviews, the offering's rules or an investment with
 * it, as the linked bank's read does not.
 */
async function custodyFacts(
  deps: Deps,
  accountId: string,
): Promise<CustodyFacts | null | typeof CUSTODY_UNREADABLE> {
  try {
    const custody = await getCustodyAccount(deps.upstream, { accountId });
    return { status: custody.status, restricted: custody.restricted };
  } catch (err) {
    if (isUpstreamError(err) && (err.kind === 'not_found' || err.kind === 'permission')) {
      return null;
    }
    if (isUpstreamError(err)) return CUSTODY_UNREADABLE;
    throw err;
  }
}

/**
 * The linked bank ACH pays from; unreadable leaves the rule out of the checklist (the invest
 * route reads it again, and refuses, when ACH is chosen).
 */
async function linkedBankFacts(
  deps: Deps,
  accountId: string,
): Promise<{ bank: LinkedBankResult } | { unread: unknown }> {
  try {
    return { bank: await readLinkedBank(deps, accountId) };
  } catch (err) {
    if (isUpstreamError(err)) return { unread: err };
    throw err;
  }
}

/** The checklist of one account and offering, as the invest page shows it and the BFF enforces it. */
export async function preflightFor(
  deps: Deps,
  accountId: string,
  offering: Offering,
  now: Date = new Date(),
  requestId?: string,
): Promise<Preflight> {
  // The account's reviews decide; the custody account and the linked bank are side checks that
  // may not keep them waiting long (inTimeAfter): one not read in time is said as unread.
  const accountRead = getAccount(deps.upstream, { accountId });
  const [account, custody, linkedBank] = await Promise.all([
    accountRead,
    inTimeAfter(
      accountRead,
      custodyFacts(deps, accountId),
      (): typeof CUSTODY_UNREADABLE => CUSTODY_UNREADABLE,
      deps.config.sideReadGraceMs,
    ),
    inTimeAfter(
      accountRead,
      linkedBankFacts(deps, accountId),
      () => ({ unread: lateReadError('getExternalAccount') }),
      deps.config.sideReadGraceMs,
    ),
  ]);
  const bank = 'bank' in linkedBank ? linkedBank.bank : null;
  return {
    ...computePreflight(account, offering, todayInZone(EASTERN, now), custody, bank),
    ...('unread' in linkedBank ? { achError: errorBodyOf(linkedBank.unread, requestId) } : {}),
  };
}

export const preflightRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/offerings/:offeringId/preflight',
    summary:
      'Why I can or cannot invest in an offering from one of my accounts: reviews, offering status and dates, units, minimum and real maximum, custody account, bank account for ACH',
    tags: ['invest'],
    params: offeringParamsSchema,
    query: preflightQuerySchema,
    response: preflightSchema,
    async handler({ params, query, deps, request }) {
      const offering = await findOffering(deps, params.offeringId);
      return preflightFor(deps, query.accountId, offering, new Date(), request.id);
    },
  }),
];
