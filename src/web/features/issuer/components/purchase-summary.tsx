import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  summaryFieldLabels,
  type PurchaseSummary,
  type SummaryDisagreement,
  type SummaryField,
} from '../../../../contract/purchase-summary';
import { countOf, formatCount, formatDecimal, formatMoney } from '../../../lib/format';

const isMoney = (field: SummaryField) => field === 'amountRaised' || field === 'balance';
const show = (field: SummaryField, value: string | null) =>
  value === null ? 'Not known' : isMoney(field) ? formatMoney(value) : formatDecimal(value);

/**
 * The raise in four figures computed from the trades, and a warning where the upstream differs.
 * Trades the service sent that could not be read (`skippedRecords`) are in none of the figures,
 * and the panel says so beside them, where they are read, not only above the list of trades.
 */
export function PurchaseSummaryPanel({
  summary,
  disagreements,
  skippedRecords = 0,
}: {
  summary: PurchaseSummary;
  disagreements: SummaryDisagreement[];
  /** Trades the service sent that could not be read (the reply's skippedRecords). */
  skippedRecords?: number;
}) {
  const fields: SummaryField[] = ['amountRaised', 'sharesSold', 'sharesLeft', 'balance'];
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
            md: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {fields.map((field) => (
          <Paper key={field} variant="outlined" sx={{ p: 2 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {summaryFieldLabels[field]}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontSize: '1.25rem', fontWeight: 600, whiteSpace: 'nowrap' }}
            >
              {show(field, summary[field])}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Computed exactly from {countOf(summary.tradeCount, 'trade', 'trades')}
        {summary.targetAmount !== null && (
          <> against a target of {formatMoney(summary.targetAmount)}</>
        )}
        .
      </Typography>
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
            {skippedRecords > 0
              ? "The platform's summary does not match the trades that could be read"
              : "The platform's summary does not match its trades"}
          </AlertTitle>
          {skippedRecords > 0
            ? 'The figures above are computed from the trades that could be read; the difference may be the trades that could not. The platform reports:'
            : 'The figures above are computed from the trades. The platform reports:'}
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
