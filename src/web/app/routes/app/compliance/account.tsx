import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { FUND_MOVES_PAGE_SIZE } from '../../../../../contract/custody-views';
import { NotFound } from '../../../../components/not-found';
import { TrailedPageHeader } from '../../../../components/trailed-page-header';
import { EmptyState, QueryState } from '../../../../components/query-state';
import { paths } from '../../../../config/paths';
import { hasStatus } from '../../../../lib/api-query';
import { accountQueryOptions, useAccount } from '../../../../features/accounts/api/get-account';
import { useCustodyAccount } from '../../../../features/custody/api/get-custody-account';
import { useFundMoves } from '../../../../features/custody/api/get-fund-moves';
import {
  AccountProfileForReview,
  AccountReviews,
  CustodyAccountSummary,
} from '../../../../features/compliance/components/account-review';
import { AccountNotes } from '../../../../features/compliance/components/account-notes';
import { ComplianceFundMovesState } from '../../../../features/compliance/components/fund-moves-table';
import { guardedPrefetchLoader, REVIEWERS } from '../../../session-guard';
import { preloadDataGrid } from '../../../../components/data-grid';
import { TitledPanel } from '../../../../components/description-list';

export const clientLoader = guardedPrefetchLoader(REVIEWERS, (queryClient, { params }) => {
  if (params.accountId) void queryClient.prefetchQuery(accountQueryOptions(params.accountId));
  // The grid library downloads alongside the data, not after it.
  void preloadDataGrid();
});

/** The account review of a compliance reviewer: reads through the investor routes, which let reviewers read any account. */
export default function ComplianceAccountRoute() {
  const { accountId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const account = useAccount(accountId);
  const custody = useCustodyAccount(accountId);
  const [page, setPage] = useState(1);
  const moves = useFundMoves(accountId, page);
  const title = account.data?.name ?? `Account ${accountId}`;
  // The search it was opened from, when it was (search-results), so the way back finds it again.
  const backToSearch = paths.app.complianceSearch.getHref(searchParams.get('q'));

  if (hasStatus(account.error, 404)) {
    return (
      <NotFound
        title="Account not found"
        message="There is no account with this ID."
        backTo={{ href: backToSearch, label: 'Back to search' }}
      />
    );
  }

  return (
    <>
      <TrailedPageHeader
        title={title}
        tabTitle={`Account ${accountId}`}
        description="Account review"
        trail={[{ label: 'Search', href: backToSearch }]}
      />
      <QueryState query={account} subject="the account" skeletonLines={8}>
        {(data) => (
          <>
            <AccountReviews account={data} />
            <AccountProfileForReview account={data} />
          </>
        )}
      </QueryState>
      <TitledPanel id="custody-heading" title="Custody account" sx={{ mb: 2 }}>
        <QueryState query={custody} subject="the custody account" skeletonLines={3}>
          {(data) => <CustodyAccountSummary result={data} />}
        </QueryState>
      </TitledPanel>
      <Box sx={{ mb: 2 }}>
        <AccountNotes accountId={accountId} />
      </Box>
      <section aria-labelledby="moves-heading">
        <Typography id="moves-heading" component="h2" variant="h3" gutterBottom>
          Fund moves
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          Who read or revealed this account&apos;s data, and the life of its requests, is in the{' '}
          <Link component={RouterLink} to={paths.app.auditLog.getHref({ object: accountId })}>
            audit log
          </Link>
          ; the deposits, disbursements, investments and IRA requests sent from the portal for it,
          with their outcomes, are in the{' '}
          <Link component={RouterLink} to={paths.app.complianceMoneyRequests.getHref(accountId)}>
            money requests register
          </Link>
          .
        </Typography>
        <ComplianceFundMovesState
          query={moves}
          skeletonLines={4}
          empty={
            <EmptyState
              headingLevel={3}
              title="No fund moves"
              message="This account has no deposits into custody yet."
            />
          }
          pageOf={(data) => ({ page, pages: Math.ceil(data.totalRecords / FUND_MOVES_PAGE_SIZE) })}
          onPageChange={setPage}
        />
      </section>
    </>
  );
}
