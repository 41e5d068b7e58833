import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  moneyRequestKindLabels,
  moneyRequestOutcomeWords,
  type MoneyRequestView,
} from '../../../../contract/money-requests';
import { CardList } from '../../../components/card-list';
import { Code, DescriptionList } from '../../../components/description-list';
import { formatMoney, formatTimestamp, formatUnits } from '../../../lib/format';
import { ScrollableTable } from '../../../components/scrollable-table';
import { SettleByHand } from './settle-by-hand';
import { ColumnHeadings } from '../../../components/column-headings';
import { useWideScreen } from '../../../lib/use-wide-screen';

type MoneyRequestsListProps = {
  requests: MoneyRequestView[];
  label: string;
  /** Reviewers also see who sent each request and may settle an unknown one by hand. */
  reviewer?: boolean;
  /**
   * A request the reviewer settled by hand, as now recorded: the page tells what became of it,
   * since its row may leave the list.
   */
  onSettled?: (settled: MoneyRequestView) => void;
};

/**
 * Money requests with their outcome in words; an unknown outcome says what to do. Reviewers
 * (`reviewer`) also see who sent each request, read what is theirs to do (never "contact
 * support": they are the support), and may settle an unknown one by hand.
 *
 * A table where there is room for its eight columns; cards on phones, where a table would hide
 * the outcome and "Settle by hand" beyond the screen's edge until the reader pans to them.
 */
export function MoneyRequestsList(props: MoneyRequestsListProps) {
  const wide = useWideScreen();
  return wide ? <MoneyRequestsTable {...props} /> : <MoneyRequestCards {...props} />;
}

/** The amount, and for an investment the units bought. */
function Amount({ request }: { request: MoneyRequestView }) {
  return (
    <>
      {request.amount ? formatMoney(request.amount) : '—'}
      {request.units && (
        <Typography variant="body2" color="text.secondary">
          {formatUnits(request.units)}
        </Typography>
      )}
    </>
  );
}

/** What became of the request, what it means and what to do next. */
function Outcome({
  request,
  reviewer,
  onSettled,
}: {
  request: MoneyRequestView;
  reviewer: boolean;
  onSettled?: (settled: MoneyRequestView) => void;
}) {
  const words = moneyRequestOutcomeWords[request.outcome];
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {words.label}
      </Typography>
      {request.outcome !== 'created' && (
        <Typography variant="body2">
          {words.meaning} {reviewer ? words.reviewerNext : words.next}
        </Typography>
      )}
      {reviewer && request.outcome === 'unknown' && (
        <SettleByHand request={request} onSettled={onSettled} />
      )}
    </>
  );
}

const upstreamIdOf = (request: MoneyRequestView) =>
  request.upstreamId ? <Code value={request.upstreamId} /> : '—';

function MoneyRequestsTable({
  requests,
  label,
  reviewer = false,
  onSettled,
}: MoneyRequestsListProps) {
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
        {requests.map((request) => (
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
              <Amount request={request} />
            </TableCell>
            {/* The outcome's sentences keep a readable measure rather than a word a line. */}
            <TableCell sx={{ minWidth: 240 }}>
              <Outcome request={request} reviewer={reviewer} onSettled={onSettled} />
            </TableCell>
            <TableCell>{upstreamIdOf(request)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollableTable>
  );
}

/** One card a request, newest first, its outcome (and what to do about it) before the references. */
function MoneyRequestCards({
  requests,
  label,
  reviewer = false,
  onSettled,
}: MoneyRequestsListProps) {
  return (
    <CardList label={label} ordered items={requests} itemKey={(request) => request.reference}>
      {(request) => (
        <>
          <Typography sx={{ fontWeight: 600 }}>{moneyRequestKindLabels[request.kind]}</Typography>
          <Typography component="div" sx={{ mb: 1 }}>
            <Amount request={request} />
          </Typography>
          <Outcome request={request} reviewer={reviewer} onSettled={onSettled} />
          <DescriptionList
            items={[
              ['Sent', formatTimestamp(request.createdAt)],
              ['Our reference', <Code key="reference" value={request.reference} />],
              ...(reviewer ? ([['User', request.userEmail ?? '—']] as [string, string][]) : []),
              ['Account', <Code key="account" value={request.accountId} />],
              ['Upstream ID', upstreamIdOf(request)],
            ]}
          />
        </>
      )}
    </CardList>
  );
}
