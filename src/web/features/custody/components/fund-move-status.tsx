import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  describeFundMoveApproval,
  describeFundMoveStatus,
  type FundMoveView,
} from '../../../../contract/custody-views';
import {
  acceptedDepositState,
  acceptedDisbursementState,
} from '../../../../contract/money-requests';
import { ApprovalCountdown } from './approval-countdown';

const statusColors: Record<string, ChipProps['color']> = {
  pending: 'warning',
  submitted: 'info',
  settled: 'success',
  approved: 'success',
  returned: 'error',
  voided: 'default',
  declined: 'error',
};

const colorOf = (status: string | null) => statusColors[status?.toLowerCase() ?? ''] ?? 'default';

/**
 * Where a move of known direction stands, in the words its deposit's or disbursement's receipt,
 * timeline entry and requests list use ("Waiting for the platform's approval", "Completed"…), so
 * the same money reads the same on every page. Only where the move's fields say it: an approval
 * not given (§3 leaves it empty) names no state.
 */
function stateOf(move: FundMoveView): string | null {
  if (!move.direction || !move.approvalStatus) return null;
  return (move.direction === 'in' ? acceptedDepositState : acceptedDisbursementState)(move).label;
}

/**
 * Status and approval status in words with their meanings (§3), compared case-insensitively. In a
 * list each chip names what it is ("Status: …", "Approval: …"); `detailed`, the row's own label
 * ("Status and approval") names them, so the chips do not say it again.
 */
export function FundMoveStatus({
  move,
  detailed = false,
}: {
  move: FundMoveView;
  detailed?: boolean;
}) {
  const status = describeFundMoveStatus(move.status);
  const approval = describeFundMoveApproval(move.approvalStatus);
  const awaitingApproval = move.approvalStatus?.toLowerCase() === 'pending';
  // A state in the very words of a chip beside it ("Declined") would be read three times.
  const state = [status.label, approval.label].includes(stateOf(move) ?? '') ? null : stateOf(move);
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      {state && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {state}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Chip
          size="small"
          color={colorOf(move.status)}
          label={detailed ? status.label : `Status: ${status.label}`}
        />
        <Chip
          size="small"
          color={colorOf(move.approvalStatus)}
          label={detailed ? approval.label : `Approval: ${approval.label}`}
          variant="outlined"
        />
      </Box>
      {detailed && (
        <Typography variant="body2">
          {status.meaning} {approval.meaning}
        </Typography>
      )}
      {awaitingApproval && <ApprovalCountdown />}
    </Box>
  );
}
