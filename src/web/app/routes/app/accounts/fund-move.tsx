import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ErrorPage } from '../../../../components/errors/error-page';
import { PageHeader } from '../../../../components/page-header';
import { QueryState } from '../../../../components/query-state';
import { paths } from '../../../../config/paths';
import { AccountGate } from './account-gate';
import { fundMoveQueryOptions, useFundMove } from '../../../../features/custody/api/get-fund-move';
import { FundMoveDetails } from '../../../../features/custody/components/fund-move-details';
import { hasStatus } from '../../../../lib/api-query';
import { ACCOUNT_READERS, guardedPrefetchLoader } from '../../../session-guard';
import { AccountBreadcrumbs } from './account-breadcrumbs';

export const clientLoader = guardedPrefetchLoader(ACCOUNT_READERS, (queryClient, { params }) => {
  if (params.accountId && params.referenceNumber) {
    void queryClient.prefetchQuery(fundMoveQueryOptions(params.accountId, params.referenceNumber));
  }
});

export default function FundMoveRoute() {
  const { accountId = '', referenceNumber = '' } = useParams();
  return (
    <AccountGate
      accountId={accountId}
      header={<FundMoveHeader accountId={accountId} referenceNumber={referenceNumber} />}
    >
      <FundMove accountId={accountId} referenceNumber={referenceNumber} />
    </AccountGate>
  );
}

function FundMoveHeader({
  accountId,
  referenceNumber,
}: {
  accountId: string;
  referenceNumber: string;
}) {
  const title = `Fund move ${referenceNumber}`;
  return (
    <PageHeader
      title={title}
      above={<AccountBreadcrumbs accountId={accountId} current={title} />}
    />
  );
}

/** The way back from a fund move that cannot be shown: the account's list of fund moves. */
function BackToFundMoves({
  accountId,
  variant,
}: {
  accountId: string;
  variant: 'contained' | 'outlined';
}) {
  return (
    <Button component={RouterLink} to={paths.app.fundMoves.getHref(accountId)} variant={variant}>
      Back to fund moves
    </Button>
  );
}

function FundMove({ accountId, referenceNumber }: { accountId: string; referenceNumber: string }) {
  const move = useFundMove(accountId, referenceNumber);
  if (hasStatus(move.error, 404)) {
    return (
      <ErrorPage
        title="Fund move not found"
        message={move.error.message}
        action={<BackToFundMoves accountId={accountId} variant="contained" />}
      />
    );
  }
  return (
    <>
      <FundMoveHeader accountId={accountId} referenceNumber={referenceNumber} />
      <QueryState
        query={move}
        subject="the fund move"
        skeletonLines={6}
        // Refused for good (a reference the platform will not look up, such as our MR- one):
        // reading it again cannot help, the account's list of fund moves can.
        wayOn={<BackToFundMoves accountId={accountId} variant="outlined" />}
      >
        {(data) => <FundMoveDetails move={data} />}
      </QueryState>
    </>
  );
}
