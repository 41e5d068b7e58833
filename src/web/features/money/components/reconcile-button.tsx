import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { countOf } from '../../../lib/format';
import { useReconcileMoneyRequests } from '../api/reconcile-money-requests';

/**
 * "Settle unknown requests": a reviewer asks the BFF to compare every request left unknown with
 * what the upstream can tell, and reads what became of them.
 */
export function ReconcileButton() {
  const reconcile = useReconcileMoneyRequests();
  const summary = reconcile.data;
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      {/* aria-disabled, not disabled: a disabled button drops the focus to the page body. */}
      <Button
        variant="outlined"
        onClick={() => {
          if (!reconcile.isPending) reconcile.mutate();
        }}
        aria-disabled={reconcile.isPending || undefined}
        aria-describedby="reconcile-result"
      >
        {reconcile.isPending ? 'Settling unknown requests…' : 'Settle unknown requests'}
      </Button>
      <Box id="reconcile-result" aria-live="polite">
        {summary && (
          <Alert
            severity={summary.stillUnknown > 0 || summary.inFlight > 0 ? 'warning' : 'success'}
          >
            {summary.examined === 0
              ? 'No request had an unknown outcome.'
              : `Examined ${countOf(summary.examined, 'request', 'requests')}: ${summary.created} found created, ${summary.notSent} proven not sent, ${summary.stillUnknown} still unknown${summary.stillUnknown > 0 ? ': check those at the platform using our reference, then settle them by hand.' : '.'}`}
            {summary.inFlight > 0 &&
              ` ${countOf(summary.inFlight, 'request is', 'requests are')} still awaiting the platform's answer; settle again in a minute if ${summary.inFlight === 1 ? 'it stays' : 'they stay'} in the register as pending.`}
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
