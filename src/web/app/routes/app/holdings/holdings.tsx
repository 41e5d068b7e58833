import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { useMemo } from 'react';
import { preloadDataGrid } from '../../../../components/data-grid';
import { useAccounts } from '../../../../features/accounts/api/get-accounts';
import { accountLabel } from '../../../../lib/account-names';
import { PageHeader } from '../../../../components/page-header';
import { holdingsQueryOptions } from '../../../../features/money/api/get-holdings';
import { Holdings } from '../../../../features/money/components/holdings-view';
import type { TradesPlace } from '../../../../features/money/components/holdings-trades';
import { useSearchPlace } from '../../../../lib/use-search-update';
import { guardedLoader, INVESTORS } from '../../../session-guard';

const prefetchHoldings = guardedLoader(INVESTORS, holdingsQueryOptions);

export const clientLoader = (queryClient: QueryClient) => {
  const prefetch = prefetchHoldings(queryClient);
  return (args: LoaderFunctionArgs) => {
    // The trades' grid library downloads alongside the investments, not after them.
    void preloadDataGrid();
    return prefetch(args);
  };
};

/** Where the investor is in the trades (see TradesPlace), by its names in the address. */
const TRADES_PLACE: readonly (keyof TradesPlace)[] = ['offering', 'account', 'sort', 'page'];

export default function HoldingsRoute() {
  // Kept in the address, so Back from an offering's page, a reload or a shared link comes back
  // to it.
  const [place, onPlaceChange] = useSearchPlace(TRADES_PLACE);
  // The Account filter names each account as its pages do (which one is the IRA, say); while the
  // list is read, or if it cannot be, the ids alone serve.
  const accounts = useAccounts();
  const accountLabels = useMemo(
    () => new Map((accounts.data?.accounts ?? []).map((a) => [a.id, accountLabel(a)])),
    [accounts.data],
  );
  return (
    <>
      <PageHeader
        title="My investments"
        description="Your trades across your accounts, settled or still waiting for payment and approval: each with its amount and status, and totals per offering. Investments sent without a trade yet are listed first."
      />
      <Holdings place={place} onPlaceChange={onPlaceChange} accountLabels={accountLabels} />
    </>
  );
}
