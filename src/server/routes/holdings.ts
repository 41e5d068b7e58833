import {
  holdingsQuerySchema,
  holdingsResultSchema,
  tradeStanding,
  tradeStatusInWords,
  type HoldingRow,
  type OfferingHolding,
  type UncountedTrade,
} from '../../contract/holdings';
import { compare, sum } from '../../contract/decimal';
import { getAllTrades } from '../upstream';
import { lastingReadFault, readOrExplainRefusal } from '../lib/upstream-errors';
import { defineRoute } from './define';
import { probableTrades } from '../lib/probable-trades';
import { listMoneyRequests } from '../store/money-requests';

const isSettled = (trade: HoldingRow) => tradeStanding(trade) === 'settled';

/**
 * What of a trade the totals need but could not be read. The trade fields are not documented
 * (§2.12: "Fields of the trade ... records: not shown"), so nothing is worked out in place of a
 * missing one: a trade without its units, amount or a status the portal knows is listed, and left
 * out of every total, by name, rather than counted with a zero or guessed as settled or waiting.
 */
function unreadableParts(trade: HoldingRow): UncountedTrade['unreadable'] {
  const parts: UncountedTrade['unreadable'] = [];
  if (trade.units === null) parts.push('units');
  if (trade.amount === null) parts.push('amount');
  if (tradeStanding(trade) === 'unknown') parts.push('status');
  return parts;
}

/**
 * What keeps a readable trade out of the totals: being reversed (UNWIND PENDING, real-world notes
 * §4.3: neither money still to pay nor units kept), an amount below zero or 0 units (no purchase:
 * netted in, it would lower the totals by money nobody paid back). Named, never netted silently.
 */
function notCounted(trade: HoldingRow): NonNullable<UncountedTrade['notCounted']> {
  const reasons: NonNullable<UncountedTrade['notCounted']> = [];
  if (tradeStanding(trade) === 'reversing') reasons.push('being_reversed');
  if (trade.amount !== null && compare(trade.amount, '0') < 0) reasons.push('negative_amount');
  if (trade.units !== null && compare(trade.units, '0') === 0) reasons.push('no_units');
  return reasons;
}

export const holdingsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/holdings',
    summary:
      'My investments: the trades of my accounts (GET trades collection), with totals per offering; one account with ?accountId',
    tags: ['holdings'],
    query: holdingsQuerySchema,
    response: holdingsResultSchema,
    async handler({ query, user, deps, request }) {
      const accountIds = query.accountId ? [query.accountId] : (user?.accountIds ?? []);
      const read = await readOrExplainRefusal(
        async () => {
          // One read per account (§4.16, filtered by accountId): one that fails is named on the
          // page and left out of the totals, and the other accounts' investments are still
          // listed. Only when none can be read does the page fail, as one read.
          const settled = await Promise.allSettled(
            accountIds.map((accountId) => getAllTrades(deps.upstream, { accountId })),
          );
          const failed = settled.flatMap((result, index) =>
            result.status === 'rejected'
              ? [{ accountId: accountIds[index], error: result.reason }]
              : [],
          );
          if (failed.length > 0 && failed.length === settled.length) throw failed[0].error;
          return {
            state: 'available' as const,
            lists: settled.flatMap((result) =>
              result.status === 'fulfilled' ? [result.value] : [],
            ),
            unread: failed,
          };
        },
        {
          // §4.16: the GET collections require header authentication; in body-credential mode the
          // client refuses before calling (§5 rules 4 and 6), and the page says so plainly.
          headerCredentials: {
            reason: 'header_auth_required',
            message:
              'Your investments cannot be listed here: the platform reads them through an interface that needs header authentication, and this portal is configured for body credentials. Your investments are not affected; an administrator can switch the portal to header authentication.',
          },
          permission: {
            reason: 'permission',
            message:
              'Your investments cannot be listed here: the platform is not permitted to read trades. Your investments are not affected; an administrator can grant the permission.',
          },
        },
      );
      if (read.state === 'unavailable') return read;
      const { lists, unread } = read;
      const own = new Set(accountIds);
      // Gaps a Try again would not fill: the page shows them without one (lastingReadFault).
      const lasting: string[] = [];
      const gaps: string[] = unread.map(({ accountId, error }) => {
        const fault = lastingReadFault(error);
        if (!fault) {
          return `The investments of account ${accountId} could not be read right now, so they are neither listed nor in any total below. Try again in a moment.`;
        }
        const gap = `The investments of account ${accountId} could not be read, so they are neither listed nor in any total below. ${fault}`;
        lasting.push(gap);
        return gap;
      });
      // Names are a courtesy: when the offerings cannot be read, the trades are still listed,
      // each offering by its number, and the page says why.
      const offerings = await deps.offerings
        .get('all', () => deps.loadOfferings())
        .then((catalog) => catalog.offerings)
        .catch((err: unknown) => {
          const fault = lastingReadFault(err);
          const inFull = unread.length === 0 ? ' Your investments are listed in full.' : '';
          const gap = fault
            ? `The offerings could not be read, so each is shown by its number.${inFull} ${fault}`
            : `The offerings could not be read right now, so each is shown by its number.${inFull}`;
          gaps.push(gap);
          if (fault) lasting.push(gap);
          return [];
        });
      const names = new Map(offerings.map((o) => [o.id, o.name]));
      // A trade that is probably an investment of ours whose answer was lost says so, as the
      // account's timeline does (lib/probable-trades), so that My investments does not read the
      // two as two investments. A courtesy: the trades are listed without it if the register
      // cannot be read.
      const probableOf = await listMoneyRequests(deps.db, {
        accountIds,
        kind: 'investment',
        limit: 1000,
      })
        .then((register) => {
          const probable = probableTrades(
            register.items,
            lists.flatMap((list) => list.trades),
            deps.config.upstreamTimeZone,
          );
          return new Map([...probable].map(([reference, tradeId]) => [tradeId, reference]));
        })
        .catch((err: unknown) => {
          request.log.warn({ err }, 'holdings: register not read for the probable trades');
          return new Map<string, string>();
        });
      // The filter is asked of the upstream; a trade of another account is never passed on.
      const trades: HoldingRow[] = lists
        .flatMap((list) => list.trades)
        .filter((trade) => own.has(trade.accountId))
        .map((trade) => ({
          ...trade,
          offeringName: names.get(trade.offeringId) ?? null,
          statusText: tradeStatusInWords(trade.status),
          ...(probableOf.has(trade.tradeId)
            ? { probableReference: probableOf.get(trade.tradeId) }
            : {}),
        }))
        .sort(
          (a, b) =>
            (b.createdAt ?? '').localeCompare(a.createdAt ?? '') ||
            Number(b.tradeId) - Number(a.tradeId),
        );
      const uncounted: UncountedTrade[] = [];
      const counted = trades.filter((trade) => {
        if (tradeStanding(trade) === 'void') return false;
        const unreadable = unreadableParts(trade);
        const reasons = notCounted(trade);
        if (unreadable.length === 0 && reasons.length === 0) return true;
        uncounted.push({
          tradeId: trade.tradeId,
          unreadable,
          ...(reasons.length > 0 ? { notCounted: reasons } : {}),
        });
        return false;
      });
      const groups = new Map<string, HoldingRow[]>();
      for (const trade of counted) {
        const list = groups.get(trade.offeringId) ?? [];
        list.push(trade);
        groups.set(trade.offeringId, list);
      }
      const byOffering: OfferingHolding[] = [...groups.entries()]
        .map(([offeringId, list]) => ({
          offeringId,
          offeringName: names.get(offeringId) ?? null,
          // Every counted trade has both (unreadableParts).
          units: sum(list.map((t) => t.units ?? '0')),
          amount: sum(list.map((t) => t.amount ?? '0')),
          tradeCount: list.length,
        }))
        .sort((a, b) =>
          (a.offeringName ?? a.offeringId).localeCompare(b.offeringName ?? b.offeringId),
        );
      const cut = lists.some((list) => !list.complete);
      const skippedRecords = lists.reduce((count, list) => count + list.skipped, 0);
      return {
        state: 'available' as const,
        trades,
        byOffering,
        totalAmount: sum(byOffering.map((o) => o.amount)),
        // Only a settled trade is owned; the rest counted is still waiting (real-world notes §4.1,
        // §4.3); a trade being reversed is in `uncounted`.
        settledAmount: sum(counted.filter(isSettled).map((t) => t.amount ?? '0')),
        pendingAmount: sum(counted.filter((t) => !isSettled(t)).map((t) => t.amount ?? '0')),
        uncounted,
        cut,
        skippedRecords,
        unreadableTradeIds: lists.flatMap((list) => list.unreadableIds),
        complete: !cut && uncounted.length === 0 && skippedRecords === 0 && unread.length === 0,
        gaps,
        ...(lasting.length > 0 ? { lasting } : {}),
      };
    },
  }),
];
