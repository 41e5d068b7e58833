import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import { useParams } from 'react-router-dom';
import { investability } from '../../../../../contract/investments';
import { EASTERN, todayInZone } from '../../../../../contract/time';
import { PageHeader } from '../../../../components/page-header';
import { Trail } from '../../../../components/trail';
import {
  EmptyState,
  LoadingSkeleton,
  QueryState,
  type ShownQuery,
} from '../../../../components/query-state';
import { apiPaths, paths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { accountsQueryOptions, useAccounts } from '../../../../features/accounts/api/get-accounts';
import { AccountsState } from '../../../../features/accounts/components/accounts-state';
import { useSession } from '../../../../features/auth/api/get-session';
import { InvestForm, InvestmentResult } from '../../../../features/invest/components/invest-form';
import type { InvestmentReceipt } from '../../../../../contract/investments';
import { accountName } from '../../../../lib/account-names';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import type { InvestmentRequest } from '../../../../../contract/investments';
import { RequestOnItsWay, useSentFromHere } from '../../../../components/form/sent-from-here';
import {
  NoAccountCanInvest,
  PreflightPanel,
} from '../../../../features/money/components/preflight-panel';
import { usePreflights } from '../../../../features/money/api/get-preflight';
import { accountListSchema, type AccountSummary } from '../../../../../contract/account-views';
import type { Offering } from '../../../../../contract/offerings';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { offeringQueryOptions, useOffering } from '../../../../features/offerings/api/get-offering';
import { OfferingNotFound } from '../../../../features/offerings/components/offering-not-found';
import { hasStatus } from '../../../../lib/api-query';
import { INVESTORS, recordPageLoader } from '../../../session-guard';

export const clientLoader = recordPageLoader(INVESTORS, 'offeringId', (queryClient, offeringId) => {
  void queryClient.prefetchQuery(offeringQueryOptions(offeringId));
  void queryClient.prefetchQuery(accountsQueryOptions());
});

export default function InvestRoute() {
  const { offeringId = '' } = useParams();
  const session = useSession();
  const isInvestor = session.data?.user.role === 'investor';
  const offering = useOffering(offeringId);
  // The receipt names the account as the review did (the list is the one the form chose from).
  const accounts = useAccounts({ enabled: isInvestor });
  // An investment sent from this page earlier in the tab and still on its way (the person left
  // while it was being sent, and came back) is shown instead of a blank form, which would invite
  // sending it again; its receipt replaces it when the answer comes, and stays until the person
  // makes another.
  const sent = useSentFromHere<InvestmentRequest, InvestmentReceipt>('investment', offeringId);
  const receipt = sent.receipt;
  // The form that follows "Make another investment" takes focus: the button went away.
  const [another, setAnother] = useState(false);
  // While a request is reviewed, on its way or its outcome shown, the form stays as it is: the
  // reads the investment makes stale (offering, checks) may come back saying the offering has
  // closed or no account can invest, or fail, and none of that may take the outcome away.
  const [engaged, setEngaged] = useState(false);

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
          <InvestmentResult receipt={receipt} accounts={accounts.data?.accounts} />
          <Button
            onClick={() => {
              setAnother(true);
              // The form that comes back is new: nothing of it is under review yet.
              setEngaged(false);
              sent.forget();
            }}
          >
            Make another investment
          </Button>
        </Box>
      ) : sent.onItsWay ? (
        <InvestmentOnItsWay request={sent.onItsWay} />
      ) : !isInvestor && session.data ? (
        <Alert severity="info">Only investors can invest, from their own accounts.</Alert>
      ) : (
        <QueryState
          query={engaged ? keepingData(offering) : offering}
          subject="the offering"
          skeletonLines={4}
        >
          {(data) => {
            const open = investability(data, todayInZone(EASTERN));
            if (!open.ok && !engaged) return <Alert severity="info">{open.reason}</Alert>;
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
                  <InvestWithChecks
                    offering={data}
                    accounts={accounts}
                    focusFirst={another}
                    engaged={engaged}
                    onEngagedChange={setEngaged}
                  />
                )}
              </AccountsState>
            );
          }}
        </QueryState>
      )}
    </>
  );
}

function InvestmentOnItsWay({ request }: { request: InvestmentRequest }) {
  return (
    <RequestOnItsWay
      what="investment"
      sent={`An investment of ${request.units} units from account ${request.accountId}`}
      where={
        <>
          the{' '}
          <Link component={RouterLink} to={paths.app.accountMoney.getHref(request.accountId)}>
            requests and timeline of that account
          </Link>
        </>
      }
    />
  );
}

/** The query as the page shows it while the form is engaged: a read that fails again keeps its data. */
const keepingData = <T,>(query: ShownQuery<T>): ShownQuery<T> =>
  query.data === undefined ? query : { ...query, isError: false, error: null };

/**
 * The form, then the checks of each account: listed first, two accounts' checks put the form
 * two screens down a phone. The form offers the accounts the checks let invest
 * and those whose checks could not be read, marked so and never chosen for the person (the BFF
 * checks them again when the investment arrives). When the checks let none invest, the page says
 * so, account by account, instead of offering a form the BFF would refuse. While the form is
 * engaged (see InvestRoute) it keeps the accounts it offered, whatever the checks say meanwhile.
 */
function InvestWithChecks({
  offering,
  accounts,
  focusFirst,
  engaged,
  onEngagedChange,
}: {
  offering: Offering;
  accounts: AccountSummary[];
  focusFirst: boolean;
  engaged: boolean;
  onEngagedChange: (engaged: boolean) => void;
}) {
  const preflights = usePreflights(
    offering.id,
    accounts.map((account) => account.id),
  );
  const verdict = (account: AccountSummary) => preflights.byAccount[account.id]?.canInvest;
  const unable = accounts.filter((account) => verdict(account) === false);
  // Settled without a checklist: its read failed (the panel says so, with Try again).
  const unchecked = accounts.filter((account) => verdict(account) === undefined);
  const offeredNow = accounts.filter((account) => verdict(account) !== false);
  // The accounts offered as the form became engaged are the ones it keeps until it is not.
  const [kept, setKept] = useState<AccountSummary[] | null>(null);
  if (engaged && kept === null) setKept(offeredNow);
  if (!engaged && kept !== null) setKept(null);
  // Kept by id: an account named since is shown with its name.
  const offered =
    engaged && kept
      ? kept.map((was) => accounts.find((account) => account.id === was.id) ?? was)
      : offeredNow;

  // An account the list could not read has no name. Once its checks are read the platform
  // answers again, so the list is read anew for its name, beside the page's own read: a failure
  // of this one must not put the page in an error state (it would take a submit's outcome away),
  // and the account simply keeps its "Account <id>".
  const queryClient = useQueryClient();
  const nameless = accounts.some(
    (account) => !account.loaded && preflights.byAccount[account.id] !== undefined,
  );
  useEffect(() => {
    if (!nameless) return;
    const controller = new AbortController();
    api
      .get(apiPaths.accounts, { schema: accountListSchema, signal: controller.signal })
      .then((list) => queryClient.setQueryData(accountsQueryOptions().queryKey, list))
      .catch(() => undefined);
    return () => controller.abort();
  }, [nameless, queryClient]);

  if (preflights.settled && offeredNow.length === 0 && !engaged) {
    return <NoAccountCanInvest accounts={accounts} preflights={preflights.byAccount} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {preflights.settled || engaged ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {!engaged && (unable.length > 0 || unchecked.length > 0) && (
            <Alert severity="info">
              <OfferedInWords unable={unable} unchecked={unchecked} />
            </Alert>
          )}
          <InvestForm
            offering={offering}
            accounts={offered}
            preflights={preflights.byAccount}
            unchecked={unchecked.map((account) => account.id)}
            onEngagedChange={onEngagedChange}
            focusFirst={focusFirst}
          />
        </Box>
      ) : (
        // Until every account's checks are in, nobody is offered an account they would block.
        // The status beside the busy skeleton, not in it: what honours aria-busy holds back a
        // status inside until it is no longer busy (QueryState's first read does the same).
        <Box>
          <Typography className="visually-hidden" component="p" role="status">
            Checking which of your accounts can invest
          </Typography>
          <Box aria-busy="true">
            <LoadingSkeleton lines={3} />
          </Box>
        </Box>
      )}
      <PreflightPanel offeringId={offering.id} accounts={accounts} />
    </Box>
  );
}

const names = (accounts: AccountSummary[]) => accounts.map(accountName).join(', ');

/** Which accounts the form offers and why the others are not, in words that stay true. */
function OfferedInWords({
  unable,
  unchecked,
}: {
  unable: AccountSummary[];
  unchecked: AccountSummary[];
}) {
  const one = unchecked.length === 1;
  return (
    <>
      {unchecked.length === 0
        ? 'Only the accounts that can invest are offered below.'
        : 'Only the accounts that can invest, or whose checks could not be loaded, are offered below.'}
      {unable.length > 0 &&
        ` ${names(unable)} cannot invest yet: see why under Before you invest, below.`}
      {unchecked.length > 0 &&
        ` The checks for ${names(unchecked)} could not be loaded, so it is not known whether ${one ? 'it' : 'they'} can invest: ${one ? 'it is' : 'they are'} marked "could not be checked", and the platform checks ${one ? 'it' : 'them'} again when you confirm.`}
    </>
  );
}
