import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import type { CustodyAccountResult } from '../../../../contract/custody-views';
import { RetryNotice } from '../../../components/busy-retry-button';
import { CustodyStandingNotice } from '../../../components/custody-standing';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';

/**
 * Says before the form why a disbursement cannot be asked for, or what may stop it. Money leaves
 * a custody account (§4.5 "accountId … from createAccount", §2.12), so an account without one
 * gets no form at all, and one not approved yet or restricted (§2.12) is warned of.
 */
export function DisbursementReadiness({
  accountId,
  result,
  unread,
  children,
}: {
  accountId: string;
  /** The custody account as read; null while its read has failed (`unread`). */
  result: CustodyAccountResult | null;
  /**
   * The read of the custody account failed: said with Try again above the form, which stays
   * (the platform checks the account when the request arrives), as a bank that could not be read
   * leaves it. The form keeps what was typed when a retry answers.
   */
  unread?: { error: unknown; busy: boolean; onRetry: () => void };
  children: ReactNode;
}) {
  if (result?.state === 'unavailable' && result.reason === 'not_opened') {
    return (
      <Alert severity="info">
        <AlertTitle>No custody account to send money from</AlertTitle>A disbursement moves money out
        of a custody account, and this account has none yet, so no request can be made.{' '}
        <Link component={RouterLink} to={paths.app.iraSupplement.getHref(accountId)}>
          Opening an IRA
        </Link>{' '}
        starts one.
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {result === null && unread && (
        <RetryNotice error={unread.error} busy={unread.busy} onRetry={unread.onRetry}>
          <AlertTitle>The custody account could not be checked</AlertTitle>
          {errorMessage(unread.error)} You can still send a request; the platform checks the
          account.
        </RetryNotice>
      )}
      <CustodyStandingNotice accountId={accountId} result={result} what="disbursement" />
      {result?.state === 'unavailable' && (
        <Alert severity="info">
          <AlertTitle>The custody account could not be checked</AlertTitle>
          {result.message} You can still send a request; the platform checks the account.
        </Alert>
      )}
      {children}
    </Box>
  );
}
