import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import {
  acceptedDepositState,
  acceptedDisbursementState,
  unknownMoveStateWords,
  beingSentWords,
  heldBackRecord,
  methodWords,
  movedTwiceWords,
  notSentPair,
  moneyRequestKindLabels,
  outcomeWordsOf,
  reasonBesideOutcome,
  wasFoundAfterNotSent,
  platformIdKindWords,
  probableTradeWords,
  type MoneyRequestView,
} from '../../../../contract/money-requests';
import { CardList } from '../../../components/card-list';
import { Code, DescriptionList } from '../../../components/description-list';
import { paths } from '../../../config/paths';
import { formatMoney, formatTimestamp, formatUnits } from '../../../lib/format';
import { RecordTable, type TableSpec } from '../../../components/record-table';
import { offeringInWords } from './asked-in-words';
import { SettleByHandButton } from './settle-by-hand';
import { useWideScreen } from '../../../lib/use-wide-screen';
import { beingSentSentence, useStillBeingSent } from '../../../lib/being-sent';

export type MoneyRequestsListProps = {
  requests: MoneyRequestView[];
  label: string;
  /** Reviewers also see who sent each request and may settle an unknown one by hand. */
  reviewer?: boolean;
  /**
   * Opens "Settle by hand" for an unknown outcome (reviewers only). The dialog is held by what
   * outlives the rows (`useSettleByHand`): a row may leave the list while it is open.
   */
  onSettle?: (request: MoneyRequestView) => void;
};

/**
 * Money requests with their outcome in words; an unknown outcome says what to do. Reviewers
 * (`reviewer`) also see who sent each request, read what is theirs to do (never "contact
 * support": they are the support), and may settle an unknown one by hand.
 *
 * A table where there is room for its eight columns; cards on phones, where a table would hide
 * the outcome and "Settle by hand" beyond the screen's edge until the reader pans to them.
 */
export function MoneyRequestsList({ reviewer = false, ...rest }: MoneyRequestsListProps) {
  const wide = useWideScreen();
  const shown = { ...rest, reviewer };
  return wide ? <MoneyRequestsTable {...shown} /> : <MoneyRequestCards {...shown} />;
}

/** What either layout is given: `reviewer` defaulted once, for both. */
type ShownRequests = MoneyRequestsListProps & { reviewer: boolean };

/**
 * The amount, for an investment the units bought, and how the money goes (ACH or wire) where the
 * register kept it: two requests of one amount by different methods are two requests.
 */
function Amount({ request }: { request: MoneyRequestView }) {
  const method = methodWords(request.method);
  return (
    <>
      {/* A request held back as a repeat moved nothing: its amount reads quieter. */}
      <Box component="span" sx={heldBackRecord(request) ? { color: 'text.secondary' } : undefined}>
        {request.amount ? formatMoney(request.amount) : '—'}
      </Box>
      {request.units && (
        <Typography variant="body2" color="textSecondary" sx={{ whiteSpace: 'nowrap' }}>
          {formatUnits(request.units)}
        </Typography>
      )}
      {method && (
        <Typography variant="body2" color="textSecondary">
          {method.charAt(0).toUpperCase() + method.slice(1)}
        </Typography>
      )}
    </>
  );
}

/**
 * The kind of request, and for an investment the offering it was made in (its name and id), the
 * place to look for its trades at the platform.
 */
function Kind({ request, heading = false }: { request: MoneyRequestView; heading?: boolean }) {
  const offering = offeringInWords(request, 'start');
  return (
    <>
      <Typography
        component="span"
        variant={heading ? 'body1' : 'body2'}
        sx={{ display: 'block', fontWeight: heading ? 600 : undefined }}
      >
        {moneyRequestKindLabels[request.kind]}
      </Typography>
      {offering && (
        <Typography
          component="span"
          variant="body2"
          color="textSecondary"
          sx={{ display: 'block' }}
        >
          {offering}
        </Typography>
      )}
    </>
  );
}

/** What became of the request, what it means and what to do next. */
function Outcome({
  request,
  reviewer,
  onSettle,
}: {
  request: MoneyRequestView;
  reviewer: boolean;
  onSettle?: (request: MoneyRequestView) => void;
}) {
  const words = outcomeWordsOf(request);
  // Refused by the portal before sending: the two sentences the person was answered with.
  const pair = notSentPair(request);
  // Approved and being sent: held as unknown, but it may still arrive, and the BFF would refuse
  // to record it as never arrived, so there is nothing to settle by hand yet.
  const sending = useStillBeingSent(request.beingSent);
  if (sending && request.beingSent) {
    return (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {beingSentWords.label}
        </Typography>
        <Typography variant="body2">{beingSentSentence(request.beingSent, reviewer)}</Typography>
      </>
    );
  }
  const moved = request.kind === 'deposit' || request.kind === 'disbursement' ? request.kind : null;
  if (moved && request.outcome === 'created' && request.fundMoveStatus) {
    // Where it stands, in the words of its receipt and its timeline entry, with what comes next.
    const state =
      moved === 'deposit'
        ? acceptedDepositState(request.fundMoveStatus)
        : acceptedDisbursementState(request.fundMoveStatus, request.method);
    // Staff are the support desk an investor's next step may send them to.
    const next = reviewer ? state.staffNext : state.next;
    return (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {state.label}
        </Typography>
        <Typography variant="body2">
          {state.meaning}
          {next && ` Next: ${next}`}
        </Typography>
        <LaterLines request={request} />
      </>
    );
  }
  if (moved && request.fundMoveUnknown) {
    // Accepted, but where it stands could not be read: what is known, and where to look, not
    // "Accepted" alone, which would read as settled.
    const state = unknownMoveStateWords[moved][request.fundMoveUnknown];
    return (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {state.label}
        </Typography>
        <Typography variant="body2">{state.meaning}</Typography>
        <LaterLines request={request} />
      </>
    );
  }
  if (heldBackRecord(request)) {
    // Held back as a repeat of another request (or while one stood): it moved nothing and asks
    // nothing, so it says what it repeats, with no next step, quieter than a request.
    return (
      <Typography variant="body2" color="textSecondary">
        {words.label}: {request.message}
      </Typography>
    );
  }
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {words.label}
      </Typography>
      {pair && (
        <Typography variant="body2">
          {pair.why} {pair.next}
        </Typography>
      )}
      {request.outcome !== 'created' && !pair && (
        <Typography variant="body2">
          {words.meaning}
          {reasonOf(request) &&
            // What was recorded is what the investor was answered, in words addressed to them
            // ("To send this one as well, confirm…"): a reviewer reads it as that.
            ` ${reviewer ? 'The investor was told:' : 'Reason:'} ${reasonOf(request)}`}{' '}
          {reviewer ? words.reviewerNext : words.next}
        </Typography>
      )}
      {movedTwiceWords(request, reviewer) && (
        <Typography variant="body2" color="error" sx={{ fontWeight: 600 }}>
          {movedTwiceWords(request, reviewer)}
        </Typography>
      )}
      {wasFoundAfterNotSent(request) && (
        <Typography variant="body2" sx={{ color: 'warning.dark' }}>
          {request.message}
        </Typography>
      )}
      {request.outcome === 'unknown' && request.probableTradeId && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {probableTradeWords(request.probableTradeId)}
        </Typography>
      )}
      <LaterLines request={request} />
      {reviewer && onSettle && request.outcome === 'unknown' && (
        <SettleByHandButton request={request} onOpen={onSettle} />
      )}
    </>
  );
}

/**
 * How an outcome that had stayed unknown was settled, and when: the row alone then tells a
 * reviewer who recorded it (the reason is in the audit log) and an investor that it was checked.
 */
function settledLater(request: MoneyRequestView): string | null {
  if (!request.settledBy) return null;
  const when = request.settledAt ? `, ${formatTimestamp(request.settledAt)}` : '';
  if (request.settledBy === 'reconciliation') {
    return wasFoundAfterNotSent(request)
      ? `Corrected by the portal's check at the platform${when}.`
      : `Settled by the portal's check at the platform${when}.`;
  }
  const who = request.settledByEmail ? ` by ${request.settledByEmail}` : ' by a reviewer';
  return `Settled by hand${who}${when}.`;
}

/** What was decided about it afterwards (settled, approved), quieter under its outcome. */
function LaterLines({ request }: { request: MoneyRequestView }) {
  const lines = [settledLater(request), decidedBy(request)].filter((line) => line !== null);
  return lines.map((line) => (
    <Typography key={line} variant="body2" color="textSecondary">
      {line}
    </Typography>
  ));
}

/**
 * A disbursement held for a second person's approval, once decided: approved or rejected, when,
 * and, for staff, by whom (the register keeps the approval beside the request).
 */
function decidedBy(request: MoneyRequestView): string | null {
  const decision = request.decision;
  if (!decision) return null;
  const who = decision.decidedByEmail ? ` (${decision.decidedByEmail})` : '';
  return `${decision.approved ? 'Approved' : 'Rejected'} by a second person${who}, ${formatTimestamp(decision.decidedAt)}.`;
}

/**
 * Why the platform refused it, or why it never reached the platform, as recorded: the outcome's
 * next step says "read the reason". An unknown outcome's message repeats what the row says.
 */
function reasonOf(request: MoneyRequestView): string | null {
  const reason =
    (request.outcome === 'refused' || request.outcome === 'not_sent') && request.message
      ? reasonBesideOutcome(request.message, outcomeWordsOf(request).label)
      : null;
  // A field's rule is recorded as the field shows it, without a full stop; here the next
  // sentence follows it.
  return reason && !/[.!?)]$/.test(reason) ? `${reason}.` : reason;
}

/** A fund move's id: a link to it for the investor, to follow it to settlement; text for a reviewer. */
function FundMoveId({
  accountId,
  id,
  reviewer,
}: {
  accountId: string;
  id: string;
  reviewer: boolean;
}) {
  if (reviewer) return <Code value={id} />;
  return (
    <Link
      component={RouterLink}
      to={paths.app.fundMove.getHref(accountId, id)}
      translate="no"
      className="tap-area"
    >
      {id}
    </Link>
  );
}

/**
 * The platform's id of what the request created, named by its kind. A fund move opens, for the
 * investor, to follow it to settlement; a reviewer follows it from the account. A disbursement
 * request id is said to be no fund move: its fund move carries our reference on the Fund moves
 * page. An IRA request has none: the supplement gives back only the account (§2.11), in its own
 * column.
 */
function platformIdOf(request: MoneyRequestView, reviewer: boolean) {
  if (!request.upstreamId || !request.platformIdKind || request.platformIdKind === 'account')
    return '—';
  // Its kind beside it, so that the column never mixes kinds of id unlabelled: a disbursement's
  // may be its request (§2.10, which no operation looks up) or the fund move that took its money
  // out (§4.3), the id the person can follow.
  const kind = platformIdKindWords[request.platformIdKind];
  return (
    <>
      {kind}{' '}
      {kind === 'Fund move' ? (
        <FundMoveId accountId={request.accountId} id={request.upstreamId} reviewer={reviewer} />
      ) : (
        <Code value={request.upstreamId} />
      )}
      {kind === 'Disbursement request' && (
        <Typography
          component="span"
          variant="body2"
          color="textSecondary"
          sx={{ display: 'block' }}
        >
          {request.fundMove ? (
            // Found by our reference among the account's fund moves, as the timeline finds it.
            <>
              Its fund move{' '}
              <FundMoveId accountId={request.accountId} id={request.fundMove} reviewer={reviewer} />
            </>
          ) : (
            <>
              Its fund move carries our reference{' '}
              {/* Our reference is one code, never split at its hyphen. */}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {request.reference}.
              </Box>
            </>
          )}
        </Typography>
      )}
    </>
  );
}

/** The account the request was made from, opening its page (the reviewer's page for reviewers). */
function accountOf(request: MoneyRequestView, reviewer: boolean) {
  const page = reviewer ? paths.app.complianceAccount : paths.app.account;
  return (
    <Link
      component={RouterLink}
      to={page.getHref(request.accountId)}
      translate="no"
      className="tap-target"
    >
      {request.accountId}
    </Link>
  );
}

/**
 * Our reference; for reviewers, with the way to its life in the audit log (held, approved or
 * rejected, sent, settled), which only reviewers may read.
 */
function ReferenceOf({ request, reviewer }: { request: MoneyRequestView; reviewer: boolean }) {
  return (
    <>
      <Code value={request.reference} />
      {reviewer && (
        // On a line of its own under the reference.
        <Box component="span" sx={{ display: 'block' }}>
          <Link
            component={RouterLink}
            to={paths.app.auditLog.getHref({ object: request.reference })}
            className="tap-target"
            aria-label={`Audit events of ${request.reference}`}
          >
            Audit events
          </Link>
        </Box>
      )}
    </>
  );
}

/** Who sent it, as reviewers see it. */
const userOf = (request: MoneyRequestView) => request.userEmail ?? '—';

function MoneyRequestsTable({ requests, label, reviewer, onSettle }: ShownRequests) {
  const table: TableSpec<MoneyRequestView> = {
    columns: [
      // The portal's own instant, in the viewer's zone, the zone named like every date.
      // When it was made (a request held for approval was not sent), in a heading as short as the
      // times below it, so the eight columns fit a 1280 px screen.
      // Wide enough for the day on one line and the time on the next, not a word a line.
      {
        heading: 'Made',
        cell: (request) => formatTimestamp(request.createdAt),
        sx: { minWidth: '7rem' },
      },
      {
        heading: 'Our reference',
        cell: (request) => <ReferenceOf request={request} reviewer={reviewer} />,
        // A reference is one code: split at its hyphen it reads as two.
        sx: { whiteSpace: 'nowrap' },
      },
      // An address breaks anywhere rather than widening the table past a 1280 px screen, though
      // a common one fits on a line.
      ...(reviewer
        ? [{ heading: 'User', cell: userOf, sx: { overflowWrap: 'anywhere', minWidth: '9rem' } }]
        : []),
      { heading: 'Account', cell: (request) => accountOf(request, reviewer) },
      { heading: 'Kind', cell: (request) => <Kind request={request} /> },
      // The figure and its units stay whole; how the money goes ("By international wire") may
      // take two lines rather than widen the column.
      {
        heading: { figures: 'Amount' },
        cell: (request) => <Amount request={request} />,
        sx: { whiteSpace: 'normal' },
      },
      {
        heading: 'Outcome',
        cell: (request) => <Outcome request={request} reviewer={reviewer} onSettle={onSettle} />,
        // The outcome's sentences keep a readable measure rather than a word a line, without
        // taking the width of a one-word outcome ("Accepted") from the columns beside it.
        sx: { minWidth: '12rem' },
      },
      // A platform id is one long code (a disbursement request's UUID, §2.10 requestId): it
      // breaks anywhere inside a column wide enough for a short id, rather than pushing the
      // column past the frame's edge, where it would be cut.
      {
        heading: 'Platform id',
        cell: (request) => platformIdOf(request, reviewer),
        sx: { overflowWrap: 'anywhere', minWidth: '7.5rem' },
      },
    ],
    rowKey: (request) => request.reference,
  };
  // Less space between columns than other tables (6 px a side, not 16): eight of them, the
  // outcome's sentences among them, share a 1280 px screen beside the navigation (and a
  // scrollbar) without the frame scrolling sideways.
  return (
    <RecordTable
      label={label}
      spec={table}
      rows={requests}
      sx={{ '& .MuiTableCell-root': { px: 0.75 } }}
    />
  );
}

/** One card a request, newest first, its outcome (and what to do about it) before the references. */
function MoneyRequestCards({ requests, label, reviewer, onSettle }: ShownRequests) {
  return (
    <CardList label={label} ordered items={requests} itemKey={(request) => request.reference}>
      {(request) => (
        <>
          <Kind request={request} heading />
          <Typography component="div" sx={{ mb: 1 }}>
            <Amount request={request} />
          </Typography>
          <Outcome request={request} reviewer={reviewer} onSettle={onSettle} />
          <DescriptionList
            items={[
              ['Made', formatTimestamp(request.createdAt)],
              [
                'Our reference',
                <ReferenceOf key="reference" request={request} reviewer={reviewer} />,
              ],
              ...(reviewer ? ([['User', userOf(request)]] as [string, string][]) : []),
              ['Account', accountOf(request, reviewer)],
              ['Platform id', platformIdOf(request, reviewer)],
            ]}
          />
        </>
      )}
    </CardList>
  );
}
