import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Link from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { approvalStateLabels, type Approval } from '../../../../../contract/identity';
import { Code } from '../../../../components/description-list';
import { ErrorAlert } from '../../../../components/error-alert';
import { PageHeader } from '../../../../components/page-header';
import { EmptyState, QueryState } from '../../../../components/query-state';
import { paths } from '../../../../config/paths';
import { formatInstant, formatMoney } from '../../../../lib/format';
import { useSession } from '../../../../features/auth/api/get-session';
import {
  approvalsQueryOptions,
  useApprovals,
  useDecideApproval,
} from '../../../../features/identity/api/approvals';
import { guardedLoader, REVIEWERS } from '../../../session-guard';

export const clientLoader = guardedLoader(['investor', ...REVIEWERS], approvalsQueryOptions);

/** How the money would leave: the approver decides on the method as well as the amount. */
const methodWords: Record<string, string> = {
  ach: 'By ACH to the linked bank account',
  wire_domestic: 'By domestic wire (U.S. bank)',
  wire_international: 'By international wire',
};

/** Who asked, how and when; who decided and when; the platform's id once sent. */
function describeApproval(a: Approval) {
  const method = methodWords[a.type] ?? `By ${a.type}`;
  const decided = a.checker
    ? `; decided by ${a.checker}${a.decidedAt ? ` ${formatInstant(a.decidedAt)}` : ''}`
    : '';
  const sent = a.requestId ? `; platform request ${a.requestId}` : '';
  const message = a.message ? `. ${a.message}` : '';
  return `${method}. Requested by ${a.maker} ${formatInstant(a.createdAt)}${decided}${sent}${message}`;
}

/** The request by our reference, where each reader follows it: the register or the account's. */
function RequestLink({ approval, reviewer }: { approval: Approval; reviewer: boolean }) {
  if (!approval.reference) return null;
  const to = reviewer
    ? paths.app.complianceMoneyRequests.getHref(approval.accountId)
    : paths.app.accountMoney.getHref(approval.accountId);
  return (
    <Typography variant="body2" component="span" sx={{ display: 'block', mt: 0.5 }}>
      Our reference <Code value={approval.reference} />:{' '}
      <Link component={RouterLink} to={to}>
        {reviewer ? 'the money requests of the account' : 'requests and timeline of this account'}
      </Link>
    </Typography>
  );
}

export default function ApprovalsRoute() {
  const approvals = useApprovals();
  const decide = useDecideApproval();
  const session = useSession();
  const me = session.data?.user;
  const checker = me?.role === 'admin';
  const reviewer = me?.role === 'admin' || me?.role === 'compliance';
  return (
    <>
      <PageHeader
        title="Disbursement approvals"
        description={
          checker
            ? 'Large disbursements wait here until a second person approves them; only then are they sent. You cannot approve your own.'
            : reviewer
              ? 'Large disbursements wait here until an administrator approves them; only then are they sent. A compliance reviewer reads them here; an administrator decides.'
              : 'Your large disbursements wait here until a second person approves them; nothing is sent before.'
        }
      />
      {decide.isError && <ErrorAlert error={decide.error} title="Nothing was decided" />}
      <QueryState
        query={approvals}
        subject="the approvals"
        isEmpty={(data) => data.approvals.length === 0}
        empty={
          <EmptyState
            title="Nothing waits for approval"
            message="Disbursements above the approval threshold appear here."
          />
        }
      >
        {(data) => (
          <List aria-label="Disbursement approvals">
            {data.approvals.map((a) => (
              <ListItem key={a.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  primary={`${formatMoney(a.amount)} from account ${a.accountId}: ${approvalStateLabels[a.state]}`}
                  secondary={
                    <>
                      {describeApproval(a)}
                      <RequestLink approval={a} reviewer={reviewer} />
                    </>
                  }
                />
                {checker && a.state === 'pending' && (
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    <Button
                      variant="contained"
                      disabled={decide.isPending || a.maker === me?.email}
                      onClick={() => decide.mutate({ id: a.id, decision: 'approve' })}
                      aria-label={`Approve ${formatMoney(a.amount)} from account ${a.accountId}${a.reference ? ` (${a.reference})` : ''}`}
                    >
                      Approve and send
                    </Button>
                    <Button
                      color="error"
                      disabled={decide.isPending || a.maker === me?.email}
                      onClick={() => decide.mutate({ id: a.id, decision: 'reject' })}
                      aria-label={`Reject ${formatMoney(a.amount)} from account ${a.accountId}${a.reference ? ` (${a.reference})` : ''}`}
                    >
                      Reject
                    </Button>
                  </Box>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </QueryState>
    </>
  );
}
