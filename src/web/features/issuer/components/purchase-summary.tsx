import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import { RetryNotice } from '../../../components/busy-retry-button';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Big from 'big.js';
import type { PurchaseStatuses } from '../../../../contract/issuer-workspace';
import type { PurchaseHistory } from '../../../../contract/purchase-history';
import {
  compareWithReported,
  splitByStanding,
  summarizePurchases,
  summaryFieldLabels,
  type SummaryField,
} from '../../../../contract/purchase-summary';
import { countOf, formatCount, formatDecimal, formatMoney } from '../../../lib/format';
import { unreadablePartsInWords, type PurchaseRow } from './purchase-standing';

const isMoney = (field: SummaryField) => field === 'amountRaised' || field === 'balance';
const show = (field: SummaryField, value: string | null) =>
  value === null ? 'Not known' : isMoney(field) ? formatMoney(value) : formatDecimal(value);

/** The offering's own size and what is left of it (§2.2 getAllOffers; §2.3 when not listed). */
export interface OfferingFigures {
  totalShares: string | null;
  remainingShares: string | null;
  targetAmount: string | null;
  /** Where the two share figures come from, in words, as a sentence. */
  source: string;
}

interface Card {
  label: string;
  value: string;
  note: string;
}

/**
 * The raise in the split My investments uses (holdings.ts tradeStanding): "Amount raised" is the
 * settled trades only, "Committed, not yet settled" the trades created or funded but not
 * settled; cancelled trades and those being reversed count nowhere. The purchase history carries no status (§2.3): it
 * comes from the trades collection (§4.16), and when that cannot be read the page adds every
 * trade as "bought, paid or not" and says why, rather than guess. Shares sold and left are the
 * offering's own figures, the ones My offerings shows. A warning names where the platform's own
 * summary (§2.3) differs from its trades.
 */
export function PurchaseSummaryPanel({
  rows,
  statuses,
  offering,
  history,
  skippedRecords = 0,
  retry,
}: {
  rows: readonly PurchaseRow[];
  statuses: PurchaseStatuses;
  /** Reads the page again, statuses and all: Try again on the statuses' notice. */
  retry?: { busy: boolean; onRetry: () => void };
  offering: OfferingFigures;
  history: PurchaseHistory;
  /** Trades the service sent that could not be read (the reply's skippedRecords). */
  skippedRecords?: number;
}) {
  const split = useMemo(() => splitByStanding(rows), [rows]);
  const disagreements = useMemo(
    () =>
      compareWithReported(
        // The parts that could be read; the notice below names those that could not.
        summarizePurchases(
          rows.map((row) => ({ ...row, amount: row.amount ?? '0', shares: row.shares ?? '0' })),
          { totalShares: offering.totalShares, targetAmount: offering.targetAmount },
        ),
        history,
      ),
    [rows, offering, history],
  );
  const { settled, waiting, reversing, void: cancelled, unknown } = split.byStanding;
  const statusesRead = statuses.state === 'read';
  const bought = new Big(settled.amount).plus(waiting.amount).plus(unknown.amount).toFixed();
  const counted = statusesRead ? new Big(settled.amount).plus(waiting.amount).toFixed() : bought;
  const sold =
    offering.totalShares !== null && offering.remainingShares !== null
      ? new Big(offering.totalShares).minus(offering.remainingShares).toFixed()
      : null;
  const cards: Card[] = [
    statusesRead
      ? {
          label: 'Amount raised',
          value: formatMoney(settled.amount),
          note: `Settled trades only: ${countOf(settled.trades, 'trade', 'trades')}`,
        }
      : {
          label: 'Amount bought, paid or not',
          value: formatMoney(bought),
          note: 'Statuses could not be read',
        },
    {
      label: 'Committed, not yet settled',
      value: statusesRead ? formatMoney(waiting.amount) : 'Not known',
      note: statusesRead
        ? `Waiting for payment or approval: ${countOf(waiting.trades, 'trade', 'trades')}`
        : 'Statuses could not be read',
    },
    {
      label: 'Shares sold',
      value: sold === null ? 'Not known' : formatDecimal(sold),
      note:
        offering.totalShares === null
          ? offering.source
          : `Of ${formatDecimal(offering.totalShares)}: ${offering.source.charAt(0).toLowerCase()}${offering.source.slice(1)}`,
    },
    {
      label: 'Shares left',
      value:
        offering.remainingShares === null ? 'Not known' : formatDecimal(offering.remainingShares),
      note: offering.source,
    },
    {
      label: 'Balance to raise',
      value:
        offering.targetAmount === null
          ? 'Not known'
          : formatMoney(new Big(offering.targetAmount).minus(counted).toFixed()),
      note:
        offering.targetAmount === null
          ? 'The offering has no target set, or none the portal could read'
          : statusesRead
            ? 'Target less raised and committed'
            : 'Target less every trade, paid or not',
    },
  ];
  const oddParts = unreadablePartsInWords(rows);
  // Anything left out of any figure: the words "exactly" would then not be true.
  const partial =
    skippedRecords > 0 || split.amountUnread.length > 0 || split.sharesUnread.length > 0;
  const complete =
    !partial && oddParts.length === 0 && statusesRead && statuses.complete && unknown.trades === 0;
  return (
    <Box sx={{ mb: 3 }}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 2,
          // One card a row on a phone: a figure such as $4,112,520.00 keeps to one line.
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(5, minmax(0, 1fr))',
          },
        }}
      >
        {cards.map((card) => (
          <Paper key={card.label} variant="outlined" sx={{ p: 2 }}>
            <Typography component="dt" variant="body2" color="textSecondary">
              {card.label}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontSize: '1.25rem', fontWeight: 600, whiteSpace: 'nowrap' }}
            >
              {card.value}
            </Typography>
            <Typography component="dd" variant="body2" color="textSecondary" sx={{ m: 0 }}>
              {card.note}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        {complete ? 'Computed exactly from' : 'Computed from the'}{' '}
        {countOf(rows.length, 'trade', 'trades')} {complete ? '' : 'listed '}
        {offering.targetAmount !== null && (
          <>against a target of {formatMoney(offering.targetAmount)}</>
        )}
        {complete ? '.' : ': what is left out is said below.'}
        {cancelled.trades > 0 &&
          ` Cancelled trades are counted nowhere: ${countOf(cancelled.trades, 'trade', 'trades')}, ${formatMoney(cancelled.amount)}.`}
        {reversing.trades > 0 &&
          ` Trades being reversed are counted nowhere: ${countOf(reversing.trades, 'trade', 'trades')}, ${formatMoney(reversing.amount)}. The offering page's "sold or committed", counted from the shares the platform lists as remaining, may still include them.`}
      </Typography>
      {statuses.state === 'unavailable' && (
        <RetryNotice
          lasting={statuses.lasting || !retry}
          busy={retry?.busy ?? false}
          onRetry={() => retry?.onRetry()}
          sx={{ mt: 2 }}
        >
          {statuses.message} Until then every trade is added to “Amount bought, paid or not”, and
          each is listed as “Status not known”.
        </RetryNotice>
      )}
      {statusesRead && unknown.trades > 0 && (
        <Alert severity="warning" role="status" sx={{ mt: 2 }}>
          {unknown.trades === 1
            ? `1 trade (${formatMoney(unknown.amount)}) has no status the portal could read: it is in neither Amount raised nor Committed. It is listed under Trades as “Status not known”.`
            : `${formatCount(unknown.trades)} trades (${formatMoney(unknown.amount)}) have no status the portal could read: they are in neither Amount raised nor Committed. They are listed under Trades as “Status not known”.`}
        </Alert>
      )}
      {oddParts.length > 0 && (
        <Alert severity="warning" role="status" sx={{ mt: 2 }}>
          <AlertTitle>
            {oddParts.length === 1
              ? 'Part of a trade could not be read'
              : 'Parts of some trades could not be read'}
          </AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {oddParts.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        </Alert>
      )}
      {skippedRecords > 0 && (
        <Alert severity="warning" role="status" sx={{ mt: 2 }}>
          {skippedRecords === 1
            ? '1 more trade the platform sent could not be read: it is left out of these figures and of the chart below.'
            : `${formatCount(skippedRecords)} more trades the platform sent could not be read: they are left out of these figures and of the chart below.`}
        </Alert>
      )}
      {disagreements.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }} role="alert">
          <AlertTitle>
            {partial
              ? "The platform's summary does not match the trades that could be read"
              : "The platform's summary does not match its trades"}
          </AlertTitle>
          {partial
            ? 'Its summary counts every trade, paid or not; the difference may be the trades that could not be read. The platform reports:'
            : 'Its summary counts every trade, paid or not. The platform reports:'}
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 3 }}>
            {disagreements.map((d) => (
              <li key={d.field}>
                {summaryFieldLabels[d.field]}: reported {show(d.field, d.reported)}, trades add up
                to {show(d.field, d.computed)}
              </li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
