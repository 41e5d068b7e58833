import Big from 'big.js';
import {
  checkInvestment,
  checkUnits,
  investability,
  investmentReceiptSchema,
  investmentRequestSchema,
  unitBounds,
} from '../../contract/investments';
import { multiply } from '../../contract/decimal';
import { offeringParamsSchema } from '../../contract/offerings';
import { EASTERN, todayInZone } from '../../contract/time';
import {
  ACCOUNT_NEXT,
  achWithoutBankPair,
  investmentBlock,
  OFFERING_NEXT,
  paymentMethodBlock,
} from '../../contract/preflight';
import { linkedBankName } from '../../contract/cash';
import { readLinkedBank } from '../lib/linked-bank';
import { HttpError, notSentRefusal } from '../lib/http-error';
import { refuseWhileStanding } from '../lib/standing-requests';
import { earlierInvestmentTotal } from '../lib/approval-total';
import { preflightFor } from './preflight';
import { findInCatalog } from '../lib/offering-catalog';
import { createTrade, isUpstreamError } from '../upstream';
import { compare, formatShares, sameToTheCent } from '../../contract/decimal';
import type { Deps } from '../deps';
import { defineRoute } from './define';

/**
 * A refused trade may mean the offering changed under the person (units bought by others since
 * it was read, the offering closed): the next read of the offerings must see the platform's
 * figures, not the cached ones. A refusal of the units is then told with those figures, in the
 * portal's words ("Only 5 units remain"), rather than in the platform's; when the minimum can no
 * longer be bought at all, it is the offering's state, not something to change in the request.
 */
async function refusalOfUnits(
  deps: Deps,
  err: unknown,
  offeringId: string,
  units: string,
): Promise<unknown> {
  if (!isUpstreamError(err) || err.kind !== 'rejected') return err;
  deps.offerings.invalidate();
  if (!err.fields?.some((field) => field.field === 'units')) return err;
  const fresh = await deps.offerings
    .get('all', () => deps.loadOfferings())
    .then(
      ({ offerings }) => offerings.find((o) => o.id === offeringId),
      () => undefined,
    );
  if (!fresh || compare(units, fresh.remainingShares) <= 0) return err;
  const left = formatShares(fresh.remainingShares, 'en-US');
  const remain = `Only ${left} ${compare(fresh.remainingShares, '1') === 0 ? 'unit remains' : 'units remain'} in this offering`;
  const open = investability(fresh, todayInZone(EASTERN));
  const bounds = unitBounds(fresh);
  const message = open.ok
    ? `${remain}.`
    : compare(bounds.minimum, bounds.remaining) > 0
      ? `${remain}, fewer than the ${formatShares(bounds.minimum, 'en-US')} units its minimum investment needs: it cannot take a new investment.`
      : `${remain}. ${open.reason}`;
  return new HttpError(
    'upstream_rejected',
    `The platform refused it; nothing was changed. ${message}`,
    {
      submitted: 'no',
      refusedByPlatform: true,
      reason: message,
      refusal: open.ok ? 'request' : 'state',
      fields: [{ field: 'units', message }],
    },
  );
}

/**
 * The amount a created trade carries: the platform's when it answered one, with the amount the
 * person reviewed beside it when the two differ to the cent (the platform charges whole cents, so
 * 3 units at $0.333 answered as $1.00 is the same trade, not a different price).
 */
function tradeAmount(
  asked: string,
  answered: string | null,
): { amount: string; quotedAmount: string | null } {
  if (answered === null) return { amount: asked, quotedAmount: null };
  return { amount: answered, quotedAmount: sameToTheCent(asked, answered) ? null : asked };
}

export const investRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/offerings/:offeringId/investments',
    summary: 'Invest in an offering from one of my accounts (createTrade); idempotent',
    tags: ['invest'],
    params: offeringParamsSchema,
    body: investmentRequestSchema,
    response: investmentReceiptSchema,
    successStatus: 201,
    idempotent: true,
    money: {
      kind: 'investment',
      describe: ({ params, body }) => ({
        accountId: body.accountId,
        offeringId: params.offeringId,
        method: body.paymentMethod,
      }),
      upstreamId: (receipt) => receipt.tradeId,
      amount: (receipt) => receipt.amount,
    },
    async handler({ params, body, deps, audit, user, requireStepUp, moneyReference, recordAsked }) {
      const offering = findInCatalog(
        await deps.offerings.get('all', () => deps.loadOfferings()),
        params.offeringId,
      );
      // The same rules as the form, against the offering as it is now.
      const open = investability(offering, todayInZone(EASTERN));
      // The offering's state, not the request: it may open again, and changing it would not help.
      if (!open.ok) throw notSentRefusal(open.reason, OFFERING_NEXT, { refusal: 'state' });
      // The preflight's rules (account reviews, units left, real maximum) bind here too, so the
      // invest page and the BFF refuse the same things with the same words.
      const preflight = await preflightFor(deps, body.accountId, offering);
      const blocked = investmentBlock(preflight);
      if (blocked) {
        // On the account field when the account is what blocks: the form shows it there, with
        // what to do, instead of inviting the person to correct and send it again.
        throw notSentRefusal(blocked.message, blocked.field ? ACCOUNT_NEXT : OFFERING_NEXT, {
          refusal: 'state',
          ...(blocked.field
            ? { fields: [{ field: blocked.field, message: blocked.message }] }
            : {}),
        });
      }
      // ACH is paid from the linked bank: without one the trade would wait for a payment that
      // cannot come. Unknown in the preflight, it is read again here; unreadable, nothing is sent.
      let { achAvailable, achBank } = preflight;
      if (body.paymentMethod === 'ach' && achAvailable === null) {
        const bank = await readLinkedBank(deps, body.accountId);
        achAvailable = bank.state === 'linked';
        achBank = bank.state === 'linked' ? linkedBankName(bank.bank) : null;
      }
      const unpayable = paymentMethodBlock({ achAvailable }, body.paymentMethod);
      if (unpayable) {
        // On the payment method field: another method, or another account, would do.
        throw notSentRefusal(achWithoutBankPair.why, achWithoutBankPair.next, {
          fields: [{ field: 'paymentMethod', message: unpayable }],
          refusal: 'state',
        });
      }
      const quote = checkInvestment(offering, body.units);
      if (!quote.ok) {
        // Whole units out of the offering's bounds are still what was asked: the register names
        // them and their amount beside the refusal that quotes it, instead of a dash.
        const units = checkUnits(body.units);
        if (units.ok) {
          await recordAsked({
            units: units.value,
            unitPrice: offering.unitPrice,
            amount: multiply(units.value, offering.unitPrice),
          });
        }
        throw new HttpError('bad_request', quote.message, {
          fields: [{ field: 'units', message: quote.message }],
          submitted: 'no',
          refusal: 'request',
        });
      }
      // The register says what was asked before anything is sent: if no answer comes back, the
      // reviewer who settles it by hand compares these units with the platform's trades (§4.16).
      await recordAsked(quote.value);
      // An earlier investment in this offering from this account that may have gone through, or
      // the same units of it moments ago (a second tab reviewed by accident), is not followed by
      // another unless the person named it (the one-at-a-time step).
      await refuseWhileStanding(
        { deps, audit, moneyReference },
        {
          kind: 'investment',
          accountId: body.accountId,
          offeringId: offering.id,
          acknowledged: body.additionalTo,
          same: { units: quote.value.units, method: body.paymentMethod },
        },
      );

      // Step-up above the configured amount (STEP_UP_INVESTMENT_ABOVE), asked before anything is
      // sent: by this investment alone, or with the person's others of the last 24 hours, so that
      // smaller ones in a row do not invest past it without the second factor.
      const above = deps.config.identity.stepUpInvestmentAbove;
      const asked = new Big(quote.value.amount);
      if (
        asked.gt(above) ||
        asked.plus(await earlierInvestmentTotal(deps, user!.id, moneyReference)).gt(above)
      ) {
        await requireStepUp('POST /api/offerings/:offeringId/investments');
      }
      const receipt = await createTrade(deps.upstream, {
        accountId: body.accountId,
        offeringId: offering.id,
        units: quote.value.units,
        paymentMethod: body.paymentMethod,
      }).catch(async (err: unknown) => {
        throw await refusalOfUnits(deps, err, offering.id, quote.value.units);
      });
      // Remaining shares changed: the next read of the offerings must see it.
      deps.offerings.invalidate();
      // The trade's amount is the one the platform answered (createTrade's transactionAmount,
      // real-world notes §4.1), not units × the price as the portal read it: a price changed by
      // the issuer since, or a catalog that disagrees with the platform, would otherwise give the
      // person and the register an amount the platform never charged. Only an answer without an
      // amount keeps the one asked.
      const { amount, quotedAmount } = tradeAmount(quote.value.amount, receipt.amount);
      await audit({
        action: 'trade_created',
        objectType: 'offering',
        objectId: offering.id,
        outcome: 'succeeded',
        details: {
          reference: moneyReference,
          tradeId: receipt.tradeId,
          accountId: body.accountId,
          units: quote.value.units,
          amount,
          ...(quotedAmount ? { quotedAmount } : {}),
        },
      });
      return {
        tradeId: receipt.tradeId,
        reference: moneyReference,
        transactionId: receipt.transactionId,
        offeringId: offering.id,
        offeringName: offering.name,
        accountId: body.accountId,
        units: quote.value.units,
        unitPrice: offering.unitPrice,
        amount,
        quotedAmount,
        paymentMethod: body.paymentMethod,
        achBank: body.paymentMethod === 'ach' ? achBank : null,
        status: receipt.status,
        createdAt: receipt.createdAt,
      };
    },
  }),
];
