import { useCallback, useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { preloadDataGrid } from '../../../../components/data-grid';
import { PageHeader } from '../../../../components/page-header';
import { holdingsQueryOptions } from '../../../../features/money/api/get-holdings';
import { Holdings } from '../../../../features/money/components/holdings-view';
import type { TradesPlace } from '../../../../features/money/components/holdings-trades';
import { useSearchUpdate } from '../../../../lib/use-search-update';
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

export default function HoldingsRoute() {
  const [search, updateSearch] = useSearchUpdate();
  // Where the investor is in the trades (offering and account, sort, page) is kept in the
  // address, so Back from an offering's page, a reload or a shared link comes back to it.
  const [offering, account, sort, page] = ['offering', 'account', 'sort', 'page'].map((key) =>
    search.get(key),
  );
  const place: TradesPlace = useMemo(
    () => ({ offering, account, sort, page }),
    [offering, account, sort, page],
  );
  const onPlaceChange = useCallback(
    (next: Partial<TradesPlace>) => updateSearch(next, { replace: true }),
    [updateSearch],
  );
  return (
    <>
      <PageHeader
        title="My investments"
        description="Your trades across your accounts, settled or still waiting for payment and approval: each with its amount and status, and totals per offering. Investments sent without a trade yet are listed first."
      />
      <Holdings place={place} onPlaceChange={onPlaceChange} />
    </>
  );
}
