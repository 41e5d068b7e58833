import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { BusyButton } from '../../../components/busy-retry-button';
import { countOf } from '../../../lib/format';
import type { ReconciliationSummary } from '../../../../contract/money-requests';
import { useReconcileMoneyRequests } from '../api/reconcile-money-requests';

/**
 * What one pass did, in words. Only the requests the platform could be asked about and that no
 * pass can settle are left to a reviewer's hand: one not found yet may still arrive (so it is
 * never sent again), and one whose fund moves could not be read taught nothing at all.
 */
function summaryText(summary: ReconciliationSummary): string {
  const parts: string[] = [];
  if (summary.unreadable > 0)
    parts.push(
      `The platform's fund moves could not be read for ${countOf(summary.unreadable, 'request', 'requests')}: nothing was settled for ${summary.unreadable === 1 ? 'it' : 'them'}; try the check again later.`,
    );
  const byHand = summary.stillUnknown - summary.notFoundYet - summary.unreadable;
  if (summary.examined === 0) parts.push('No request had an unknown outcome.');
  else
    parts.push(
      `Examined ${countOf(summary.examined, 'request', 'requests')}: ${summary.created} found created, ${summary.notSent} proven not sent, ${summary.heldAfterAll > 0 ? `${summary.heldAfterAll} held again, ` : ''}${summary.stillUnknown} still unknown.`,
    );
  if (summary.notFoundYet > 0)
    parts.push(
      `${countOf(summary.notFoundYet, 'request is', 'requests are')} not at the platform yet but may still arrive: still being checked, do not send ${summary.notFoundYet === 1 ? 'it' : 'them'} again.`,
    );
  if (byHand > 0)
    parts.push(
      `${countOf(byHand, 'request', 'requests')} cannot be found by this check: the platform offers no way to look ${byHand === 1 ? 'it' : 'them'} up by our reference. Compare ${byHand === 1 ? 'it' : 'each'} with what the platform shows for its account, as the register says, and settle ${byHand === 1 ? 'it' : 'them'} by hand.`,
    );
  if (summary.heldAfterAll > 0)
    parts.push(
      `${countOf(summary.heldAfterAll, 'disbursement', 'disbursements')} held for approval ${summary.heldAfterAll === 1 ? 'was' : 'were'} recorded as held again (the portal stopped before recording the hold): nothing of ${summary.heldAfterAll === 1 ? 'it' : 'them'} was sent, and ${summary.heldAfterAll === 1 ? 'it waits' : 'they wait'} for approval.`,
    );
  if (summary.foundAfterNotSent > 0)
    parts.push(
      `${countOf(summary.foundAfterNotSent, 'request', 'requests')} recorded as not sent ${summary.foundAfterNotSent === 1 ? 'was' : 'were'} found at the platform after all and corrected to accepted: see the register.`,
    );
  if (summary.foundTwice > 0)
    parts.push(
      `${countOf(summary.foundTwice, 'request', 'requests')} ${summary.foundTwice === 1 ? 'is' : 'are'} listed twice at the platform, with a second fund move carrying our reference: the money may have moved twice. The register names both fund moves.`,
    );
  if (summary.inFlight > 0)
    parts.push(
      `${countOf(summary.inFlight, 'request is', 'requests are')} still awaiting the platform's answer; settle again in a minute if ${summary.inFlight === 1 ? 'it stays' : 'they stay'} in the register as pending.`,
    );
  return parts.join(' ');
}

/**
 * "Settle unknown requests": a reviewer asks the BFF to compare every request left unknown with
 * what the upstream can tell, and reads what became of them.
 */
export function ReconcileButton() {
  const reconcile = useReconcileMoneyRequests();
  const summary = reconcile.data;
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      <BusyButton
        variant="outlined"
        busy={reconcile.isPending}
        onClick={() => reconcile.mutate()}
        aria-describedby="reconcile-result"
      >
        {reconcile.isPending ? 'Settling unknown requests…' : 'Settle unknown requests'}
      </BusyButton>
      <Box id="reconcile-result" aria-live="polite">
        {summary && (
          <Alert
            severity={
              summary.unreadable > 0
                ? 'error'
                : summary.stillUnknown > 0 || summary.inFlight > 0
                  ? 'warning'
                  : 'success'
            }
          >
            {summaryText(summary)}
          </Alert>
        )}
        {reconcile.isError && (
          <Alert severity="error">
            The requests could not be settled now: {reconcile.error.message}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
