import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import type { CustodyAccountResult } from '../../contract/custody-views';
import { paths } from '../config/paths';
import { formatCode } from '../lib/format';

/**
 * What may stop money moving into or out of a custody account, said above the form before
 * anything is typed: an account the platform has not approved yet, and a restricted one (§2.12
 * status and restrictedStatus). Neither stops the form: the interface document does not say the
 * platform refuses a deposit or a disbursement for them (§4.5, §4.16), only that it may, so the
 * person is warned and the platform decides.
 */
export function CustodyStandingNotice({
  accountId,
  result,
  what,
}: {
  accountId: string;
  /** The custody account as read; nothing is said while it is unread or unavailable. */
  result: CustodyAccountResult | null | undefined;
  what: 'deposit' | 'disbursement';
}) {
  if (result?.state !== 'available') return null;
  const { status, restricted, restrictedReason } = result.custodyAccount;
  const pending = status !== 'approved';
  if (!pending && !restricted) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {pending && (
        <Alert severity="warning">
          <AlertTitle>This custody account is not approved yet</AlertTitle>
          The platform lists it as {formatCode(status)}. A {what} request may be refused until it is
          approved; its status is on the{' '}
          <Link component={RouterLink} to={paths.app.account.getHref(accountId)}>
            account&apos;s page
          </Link>
          .
        </Alert>
      )}
      {restricted && (
        <Alert severity="warning">
          <AlertTitle>This custody account is restricted</AlertTitle>
          Reason given: {restrictedReason ?? 'none'}. A {what} request may be refused while the
          restriction lasts; contact support before sending one.
        </Alert>
      )}
    </Box>
  );
}
