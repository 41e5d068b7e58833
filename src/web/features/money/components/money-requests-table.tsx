import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  moneyRequestKindLabels,
  moneyRequestOutcomeWords,
  type MoneyRequestView,
} from '../../../../contract/money-requests';
import { Code } from '../../../components/description-list';
import { formatDecimal, formatMoney, formatTimestamp } from '../../../lib/format';
import { ScrollableTable } from '../../../components/scrollable-table';
import { SettleByHand } from './settle-by-hand';
import { ColumnHeadings } from '../../../components/column-headings';

/**
 * Money requests with their outcome in words; an unknown outcome says what to do. Reviewers
 * (`reviewer`) also see who sent each request, read what is theirs to do (never "contact
 * support": they are the support), and may settle an unknown one by hand.
 */
export function MoneyRequestsTable({
  requests,
  label,
  reviewer = false,
}: {
  requests: MoneyRequestView[];
  label: string;
  reviewer?: boolean;
}) {
  return (
    <ScrollableTable label={label}>
      <ColumnHeadings
        columns={[
          'Sent',
          'Our reference',
          ...(reviewer ? ['User'] : []),
          'Account',
          'Kind',
          { figures: 'Amount' },
          'Outcome',
          'Upstream ID',
        ]}
      />
      <TableBody>
        {requests.map((request) => {
          const words = moneyRequestOutcomeWords[request.outcome];
          return (
            <TableRow key={request.reference}>
              {/* The portal's own instant, in the viewer's zone, the zone named like every date. */}
              <TableCell>{formatTimestamp(request.createdAt)}</TableCell>
              <TableCell>
                <Code value={request.reference} />
              </TableCell>
              {reviewer && <TableCell>{request.userEmail ?? '—'}</TableCell>}
              <TableCell>
                <Code value={request.accountId} />
              </TableCell>
              <TableCell>{moneyRequestKindLabels[request.kind]}</TableCell>
              <TableCell align="right">
                {request.amount ? formatMoney(request.amount) : '—'}
                {request.units && (
                  <Typography variant="body2" color="text.secondary">
                    {formatDecimal(request.units)} units
                  </Typography>
                )}
              </TableCell>
              {/* The outcome's sentences keep a readable measure: on a phone the frame scrolls
                  rather than squeezing them to a word a line and the row to a screen's height. */}
              <TableCell sx={{ minWidth: 240 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {words.label}
                </Typography>
                {request.outcome !== 'created' && (
                  <Typography variant="body2">
                    {words.meaning} {reviewer ? words.reviewerNext : words.next}
                  </Typography>
                )}
                {reviewer && request.outcome === 'unknown' && <SettleByHand request={request} />}
              </TableCell>
              <TableCell>
                {request.upstreamId ? <Code value={request.upstreamId} /> : '—'}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </ScrollableTable>
  );
}
