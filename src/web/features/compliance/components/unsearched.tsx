import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ComplianceSearchResult } from '../../../../contract/compliance';
import type { ApiError } from '../../../../contract/errors';
import { SupportReference } from '../../../components/errors/support-reference';
import { partMayPassOnRetry } from '../../../lib/api-client';

export const halfTitles = { accounts: 'Accounts', entities: 'Entities' };

export type Half = 'accounts' | 'entities';

/**
 * Why a half went unsearched, when searching again would not help (its error's code, as for a
 * whole reply: the platform refused the portal's own access): the error, whose words say who
 * must act. Null for a failure of the moment.
 */
export function lastingUnsearched(data: ComplianceSearchResult, what: Half): ApiError | null {
  const error = data.unsearchedErrors?.[what];
  return error && !partMayPassOnRetry(error) ? error : null;
}

/**
 * One half of the search the platform did not answer: its matches are unknown, not none. Try
 * again only where it may help; where the platform refused the portal's own access, the error's
 * words send the reviewer to the operators, with our reference, as a whole reply would.
 */
export function Unsearched({
  what,
  data,
  onRetry,
}: {
  what: Half;
  data: ComplianceSearchResult;
  onRetry: () => void;
}) {
  const lasting = lastingUnsearched(data, what);
  if (lasting) {
    return (
      <Alert severity="warning">
        {halfTitles[what]} could not be searched, so matching {what} are not listed.{' '}
        {lasting.message}
        <SupportReference requestId={lasting.requestId} mayPass={false} supportNamed /> The rest of
        the results are complete.
      </Alert>
    );
  }
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      The platform did not answer the search for {what} this time, so matching {what} are not
      listed. The rest of the results are complete.
    </Alert>
  );
}
