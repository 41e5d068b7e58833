import { useMemo, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import {
  describeFundMoveApproval,
  describeFundMoveStatus,
  fundMoveBankIdLabel,
  fundMoveDirectionLabel,
  fundMoveTitle,
  type FundMoveView,
} from '../../../../contract/custody-views';
import { PortalDataGrid, type GridColDef } from '../../../components/data-grid';
import { figureColumn, timestampColumn } from '../../../components/data-grid/columns';
import { paths } from '../../../config/paths';
import { formatCode, formatMoney, formatTimestamp } from '../../../lib/format';
import { CardList } from '../../../components/card-list';
import { DescriptionList } from '../../../components/description-list';
import { ourReferenceRow } from '../../../components/form/submitted-result';
import { NumberedPages } from '../../../components/numbered-pages';
import { QueryState, type ShownQuery } from '../../../components/query-state';
import {
  fundMoveNoun,
  fundMovesNamed,
  listsNothing,
  SkippedRecordsNotice,
} from '../../../components/skipped-records';
import { orDash } from './details-list';
import { revealItem } from './reveal-field';

type FundMovePagesProps = {
  moves: FundMoveView[];
  skippedRecords: number | undefined;
  /** The reference numbers of those left out, where they could be read. */
  unreadableReferences?: readonly string[];
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
};

/**
 * A reviewer's page of fund moves as it loads: its empty state only when nothing was read and
 * nothing left out, else the page. One account's moves and the moves across all accounts load
 * from different routes, so each says how its reply counts pages.
 */
export function ComplianceFundMovesState<
  Reply extends {
    moves: FundMoveView[];
    skippedRecords?: number;
    unreadableReferences?: string[];
  },
>({
  query,
  skeletonLines,
  empty,
  pageOf,
  onPageChange,
  summary,
}: {
  query: ShownQuery<Reply>;
  skeletonLines: number;
  /** What is said when nothing is listed, or how the reply says it (such as a page past the end). */
  empty: ReactNode | ((reply: Reply) => ReactNode);
  /** The page the reply holds and how many pages there are. */
  pageOf: (reply: Reply) => { page: number; pages: number };
  onPageChange: (page: number) => void;
  /** Said above the moves, such as how many match the filters. */
  summary?: (reply: Reply) => ReactNode;
}) {
  return (
    <QueryState
      query={query}
      subject="the fund moves"
      skeletonLines={skeletonLines}
      isEmpty={(reply) => listsNothing(reply.moves.length, reply.skippedRecords)}
      empty={typeof empty === 'function' ? query.data && empty(query.data) : empty}
    >
      {(reply) => (
        <>
          {summary?.(reply)}
          <ComplianceFundMovePages
            moves={reply.moves}
            skippedRecords={reply.skippedRecords}
            unreadableReferences={reply.unreadableReferences}
            {...pageOf(reply)}
            onPageChange={onPageChange}
          />
        </>
      )}
    </QueryState>
  );
}

/**
 * One page of fund moves for a reviewer: what could not be shown, the table, and the pages
 * when there is more than one.
 */
export function ComplianceFundMovePages({
  moves,
  skippedRecords,
  unreadableReferences,
  page,
  pages,
  onPageChange,
}: FundMovePagesProps) {
  // A page chosen at the foot of the list is read from its top: the view left where the pager
  // was showed the new page's last rows, its first ones above the screen.
  const top = useRef<HTMLDivElement>(null);
  const toPage = (next: number) => {
    onPageChange(next);
    const start = top.current;
    if (start && start.getBoundingClientRect().top < 0) start.scrollIntoView?.({ block: 'start' });
  };
  return (
    <Box ref={top}>
      <SkippedRecordsNotice
        count={skippedRecords}
        noun={fundMoveNoun}
        named={fundMovesNamed(unreadableReferences)}
      />
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Newest first.
      </Typography>
      <ComplianceFundMovesTable moves={moves} />
      <NumberedPages label="Pages of fund moves" pages={pages} page={page} onPage={toPage} />
    </Box>
  );
}

const referenceOf = (move: FundMoveView) => move.referenceNumber;

/**
 * Fund moves of any accounts (a page of them); each opens in a dialog with its bank numbers
 * revealable. A grid where its seven columns fit; on phones a card a move, where the grid showed
 * the reference, the account and the direction and left the amount and status past the edge.
 */
function ComplianceFundMovesTable({ moves }: { moves: FundMoveView[] }) {
  const [open, setOpen] = useState<FundMoveView | null>(null);
  const columns = useMemo<GridColDef<FundMoveView>[]>(
    () => [
      {
        field: 'referenceNumber',
        headerName: 'Reference',
        minWidth: 130,
        flex: 1.2,
        // The button and the link below take their cell's tab index: the grid is one Tab stop,
        // with the arrow keys inside (the focused cell's control takes the focus).
        renderCell: ({ row, tabIndex }) => (
          <Button
            size="small"
            tabIndex={tabIndex}
            onClick={() => setOpen(row)}
            aria-label={`Open fund move ${row.referenceNumber}`}
            sx={{ fontFamily: 'monospace' }}
          >
            {row.referenceNumber}
          </Button>
        ),
      },
      {
        field: 'accountId',
        headerName: 'Account',
        minWidth: 104,
        flex: 1,
        renderCell: ({ row, tabIndex }) => (
          <Link
            component={RouterLink}
            to={paths.app.complianceAccount.getHref(row.accountId)}
            tabIndex={tabIndex}
          >
            {row.accountId}
          </Link>
        ),
      },
      {
        // In, Out or Not stated: the same reading as the investor's pages and the timeline.
        field: 'direction',
        headerName: 'Direction',
        minWidth: 92,
        flex: 0.8,
        valueGetter: (value: FundMoveView['direction']) => fundMoveDirectionLabel(value),
      },
      figureColumn<FundMoveView>({
        field: 'amount',
        headerName: 'Amount',
        minWidth: 110,
        flex: 1,
        format: formatMoney,
      }),
      {
        field: 'status',
        headerName: 'Status',
        minWidth: 96,
        flex: 0.9,
        valueGetter: (value: string) => describeFundMoveStatus(value).label,
      },
      {
        field: 'approvalStatus',
        headerName: 'Approval',
        // "Pending approval", the longest label, in full.
        minWidth: 140,
        flex: 0.9,
        valueGetter: (value: string | null) => describeFundMoveApproval(value).label,
      },
      timestampColumn<FundMoveView>({
        // Shown in the viewer's zone and the platform's.
        field: 'createdAt',
        headerName: 'Created',
        flex: 2.2,
      }),
    ],
    [],
  );
  return (
    <>
      {/* The grid holds one page of the moves the filters select, newest first: sorted by a
          column it would order that page alone, and seem to order them all. */}
      <PortalDataGrid
        label="Fund moves"
        rows={moves}
        columns={columns}
        getRowId={referenceOf}
        disableColumnSorting
        phoneView={<FundMoveCards moves={moves} onOpen={setOpen} />}
      />
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        aria-labelledby="fund-move-title"
        fullWidth
        maxWidth="sm"
      >
        {open && (
          <>
            <DialogTitle id="fund-move-title">Fund move {open.referenceNumber}</DialogTitle>
            <DialogContent>
              <ReviewerFundMoveDetails move={open} />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(null)}>Close</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}

/**
 * One card a move, every column of the grid: the amount and when first, then what it is, its
 * account and direction, where it stands, and the button that opens it.
 */
function FundMoveCards({
  moves,
  onOpen,
}: {
  moves: FundMoveView[];
  onOpen: (move: FundMoveView) => void;
}) {
  return (
    <CardList
      label="Fund moves"
      items={moves}
      itemKey={referenceOf}
      cardSx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}
    >
      {(move) => (
        <>
          <Typography sx={{ fontWeight: 600 }}>
            {formatMoney(move.amount)} · {fundMoveTitle(move)}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {formatTimestamp(move.createdAt)}
          </Typography>
          <Typography variant="body2">
            Account{' '}
            <Link
              component={RouterLink}
              to={paths.app.complianceAccount.getHref(move.accountId)}
              className="tap-area"
            >
              {move.accountId}
            </Link>{' '}
            · Direction: {fundMoveDirectionLabel(move.direction)}
          </Typography>
          <Typography variant="body2">
            {describeFundMoveStatus(move.status).label} ·{' '}
            {describeFundMoveApproval(move.approvalStatus).label}
          </Typography>
          <Button variant="outlined" size="small" onClick={() => onOpen(move)} sx={{ mt: 0.5 }}>
            Open fund move{' '}
            <Box component="span" translate="no" sx={{ fontFamily: 'monospace', ml: 0.5 }}>
              {move.referenceNumber}
            </Box>
          </Button>
        </>
      )}
    </CardList>
  );
}

function ReviewerFundMoveDetails({ move }: { move: FundMoveView }) {
  const status = describeFundMoveStatus(move.status);
  const approval = describeFundMoveApproval(move.approvalStatus);
  const bankId = fundMoveBankIdLabel(move.bankIdKind);
  const revealable = (
    field: 'bankAccountNumber' | 'routingNumber',
    masked: string | null,
    label?: string,
  ) =>
    revealItem({
      objectType: 'fund_move',
      objectId: move.referenceNumber,
      accountId: move.accountId,
      field,
      masked,
      label,
    });
  return (
    <DescriptionList
      items={[
        ['Reference', move.referenceNumber],
        ['Account', move.accountId],
        ['Amount', formatMoney(move.amount)],
        ['What', fundMoveTitle(move)],
        ['Direction', fundMoveDirectionLabel(move.direction)],
        ['Status', `${status.label}: ${status.meaning}`],
        ['Approval', `${approval.label}: ${approval.meaning}`],
        ['Description', orDash(move.description)],
        // A move the portal asked for carries our reference in its description (§2.9, §2.10):
        // the register lists the request under it, with its outcome and who asked.
        ...ourReferenceItems(move),
        ['Bank', orDash(move.bankName)],
        ['Bank account name', orDash(move.bankAccountName)],
        revealable('bankAccountNumber', move.bankAccountNumberMasked),
        revealable('routingNumber', move.routingNumberMasked, bankId),
        [`${bankId} check`, formatCode(move.routingNumberStatus)],
        ['Errors', orDash(move.errorMessage)],
        ['Created', formatTimestamp(move.createdAt)],
        ['Updated', formatTimestamp(move.updatedAt)],
      ]}
    />
  );
}

function ourReferenceItems(move: FundMoveView) {
  const row = ourReferenceRow(move.portalReference, {
    to: paths.app.complianceMoneyRequests.getHref(move.accountId),
    label: 'the account’s requests in the register',
  });
  return row ? [row] : [];
}
