import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router-dom';
import {
  describeFundMoveApproval,
  describeFundMoveStatus,
  type FundMoveView,
} from '../../../../contract/custody-views';
import { paths } from '../../../config/paths';
import { formatTimestamp, formatMoney } from '../../../lib/format';
import { DescriptionList } from '../../../components/description-list';
import { orDash } from './details-list';
import { RevealField } from './reveal-field';
import { ScrollableTable } from '../../../components/scrollable-table';

/** Fund moves of any accounts; each opens in a dialog with its bank numbers revealable. */
export function ComplianceFundMovesTable({ moves }: { moves: FundMoveView[] }) {
  const [open, setOpen] = useState<FundMoveView | null>(null);
  return (
    <>
      <ScrollableTable label="Fund moves" minWidth={720}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Reference</TableCell>
            <TableCell scope="col">Account</TableCell>
            <TableCell scope="col" align="right">
              Amount
            </TableCell>
            <TableCell scope="col">Status</TableCell>
            <TableCell scope="col">Approval</TableCell>
            <TableCell scope="col">Created</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {moves.map((move) => (
            <TableRow key={move.referenceNumber} hover>
              <TableCell component="th" scope="row">
                <Button
                  size="small"
                  onClick={() => setOpen(move)}
                  aria-label={`Open fund move ${move.referenceNumber}`}
                  sx={{ fontFamily: 'monospace' }}
                >
                  {move.referenceNumber}
                </Button>
              </TableCell>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={paths.app.complianceAccount.getHref(move.accountId)}
                >
                  {move.accountId}
                </Link>
              </TableCell>
              <TableCell align="right">{formatMoney(move.amount)}</TableCell>
              <TableCell>{describeFundMoveStatus(move.status).label}</TableCell>
              <TableCell>{describeFundMoveApproval(move.approvalStatus).label}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(move.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollableTable>
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
              <FundMoveDetails move={open} />
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

export function FundMoveDetails({ move }: { move: FundMoveView }) {
  const status = describeFundMoveStatus(move.status);
  const approval = describeFundMoveApproval(move.approvalStatus);
  return (
    <DescriptionList
      items={[
        ['Reference', move.referenceNumber],
        ['Account', move.accountId],
        ['Amount', formatMoney(move.amount)],
        ['Status', `${status.label}: ${status.meaning}`],
        ['Approval', `${approval.label}: ${approval.meaning}`],
        ['Description', orDash(move.description)],
        ['Bank', orDash(move.bankName)],
        ['Bank account name', orDash(move.bankAccountName)],
        [
          'Bank account number',
          <RevealField
            key="ban"
            objectType="fund_move"
            objectId={move.referenceNumber}
            field="bankAccountNumber"
            masked={move.bankAccountNumberMasked}
          />,
        ],
        [
          'Routing number',
          <RevealField
            key="rn"
            objectType="fund_move"
            objectId={move.referenceNumber}
            field="routingNumber"
            masked={move.routingNumberMasked}
          />,
        ],
        ['Routing number check', orDash(move.routingNumberStatus)],
        ['Errors', orDash(move.errorMessage)],
        ['Created', formatTimestamp(move.createdAt)],
        ['Updated', formatTimestamp(move.updatedAt)],
      ]}
    />
  );
}
