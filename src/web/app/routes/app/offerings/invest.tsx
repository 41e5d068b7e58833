import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { useParams } from 'react-router-dom';
import { investability } from '../../../../../contract/investments';
import { EASTERN, todayInZone } from '../../../../../contract/time';
import { PageHeader } from '../../../../components/page-header';
import { Trail } from '../../../../components/trail';
import { EmptyState, LoadingSkeleton, QueryState } from '../../../../components/query-state';
import { paths } from '../../../../config/paths';
import { accountsQueryOptions } from '../../../../features/accounts/api/get-accounts';
import { AccountsState } from '../../../../features/accounts/components/accounts-state';
import { useSession } from '../../../../features/auth/api/get-session';
import { InvestForm, InvestmentResult } from '../../../../features/invest/components/invest-form';
import type { InvestmentReceipt } from '../../../../../contract/investments';
import { forgetReceipt, useRememberedReceipt } from '../../../../lib/receipts';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import {
  NoAccountCanInvest,
  PreflightPanel,
} from '../../../../features/money/components/preflight-panel';
import { usePreflights } from '../../../../features/money/api/get-preflight';
import type { AccountSummary } from '../../../../../contract/account-views';
import type { Offering } from '../../../../../contract/offerings';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { offeringQueryOptions, useOffering } from '../../../../features/offerings/api/get-offering';
import { OfferingNotFound } from '../../../../features/offerings/components/offering-not-found';
import { hasStatus } from '../../../../lib/api-query';
import { recordPageLoader } from '../../../session-guard';

export const clientLoader = recordPageLoader('offeringId', (queryClient, offeringId) => {
  void queryClient.prefetchQuery(offeringQueryOptions(offeringId));
  void queryClient.prefetchQuery(accountsQueryOptions());
});

export default function InvestRoute() {
  const { offeringId = '' } = useParams();
  const session = useSession();
  const isInvestor = session.data?.user.role === 'investor';
  const offering = useOffering(offeringId);
  const receipt = useRememberedReceipt<InvestmentReceipt>('investment', offeringId);
  const queryClient = useQueryClient();
  // The form that follows "Make another investment" takes focus: the button went away.
  const [another, setAnother] = useState(false);

  if (hasStatus(offering.error, 404)) {
    return <OfferingNotFound />;
  }

  const name = offering.data?.name ?? 'offering';
  return (
    <>
      <PageHeader
        title={`Invest in ${name}`}
        above={
          <Trail
            links={[
              { label: 'Offerings', href: paths.app.offerings.getHref() },
              {
                label: offering.data?.name ?? 'Offering',
                href: paths.app.offering.getHref(offeringId),
              },
            ]}
            current="Invest"
          />
        }
      />
      {receipt ? (
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
          <InvestmentResult receipt={receipt} />
          <Button
            onClick={() => {
              setAnother(true);
              forgetReceipt(queryClient, 'investment', offeringId);
            }}
          >
            Make another investment
          </Button>
        </Box>
      ) : !isInvestor && session.data ? (
        <Alert severity="info">Only investors can invest, from their own accounts.</Alert>
      ) : (
        <QueryState query={offering} subject="the offering" skeletonLines={4}>
          {(data) => {
            const open = investability(data, todayInZone(EASTERN));
            if (!open.ok) return <Alert severity="info">{open.reason}</Alert>;
            return (
              <AccountsState
                enabled={isInvestor}
                empty={
                  <EmptyState
                    title="No account to invest from"
                    message="An investment account must be linked to your sign-in first."
                  />
                }
              >
                {(accounts) => (
                  <InvestWithChecks offering={data} accounts={accounts} focusFirst={another} />
                )}
              </AccountsState>
            );
          }}
        </QueryState>
      )}
    </>
  );
}

/**
 * The checks of each account, then the form, which offers only the accounts the checks let
 * invest. When they let none, the page says so, account by account, instead of offering a form
 * the BFF would refuse. An account whose checks could not be read stays offered: the BFF checks
 * again when the investment arrives.
 */
function InvestWithChecks({
  offering,
  accounts,
  focusFirst,
}: {
  offering: Offering;
  accounts: AccountSummary[];
  focusFirst: boolean;
}) {
  const preflights = usePreflights(
    offering.id,
    accounts.map((account) => account.id),
  );
  const blocked = (account: AccountSummary) =>
    preflights.byAccount[account.id]?.canInvest === false;
  const able = accounts.filter((account) => !blocked(account));
  const unable = accounts.filter(blocked);
  if (preflights.settled && able.length === 0) {
    return <NoAccountCanInvest accounts={accounts} preflights={preflights.byAccount} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PreflightPanel offeringId={offering.id} accounts={accounts} />
      {preflights.settled ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {unable.length > 0 && (
            <Alert severity="info">
              Only the accounts that can invest are offered below.{' '}
              {unable.map((account) => account.name ?? account.id).join(', ')} cannot invest yet:
              see why under Before you invest.
            </Alert>
          )}
          <InvestForm
            offering={offering}
            accounts={able}
            preflights={preflights.byAccount}
            focusFirst={focusFirst}
          />
        </Box>
      ) : (
        // Until every account's checks are in, nobody is offered an account they would block.
        <Box aria-busy="true" aria-live="polite">
          <Typography className="visually-hidden" component="p" role="status">
            Checking which of your accounts can invest
          </Typography>
          <LoadingSkeleton lines={3} />
        </Box>
      )}
    </Box>
  );
}
