import { useMemo } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, RouterProvider } from 'react-router-dom';
import { RouteError } from '../components/errors/route-error';
import { homeHref, paths } from '../config/paths';
import { sessionQueryOptions } from '../features/auth/api/get-session';
import { toRoute } from './route-module';
// The front door travels in the entry chunk: it is what a first visit shows, and the entry's own
// helpers (the API client, paths) then share one chunk with it, which compresses better than
// several small ones. Every other page loads lazily.
import * as signInRoute from './routes/auth/sign-in';

/**
 * What a full page load shows while the first page's code and data arrive: React Router renders
 * nothing of its own until the loaders are done. Plain markup, so the entry chunk stays light; it
 * fades in only when the wait is long enough to notice (index.html).
 */
function FirstLoad() {
  return (
    <div role="status" className="first-load">
      Loading the portal…
    </div>
  );
}

function createAppRouter(queryClient: QueryClient) {
  const route = toRoute(queryClient);
  // Every page's loader waits for the session: asking now, while the page's chunks are still
  // downloading and compiling, takes that round trip off the path to the page's own data.
  void queryClient.prefetchQuery(sessionQueryOptions());
  return createBrowserRouter([
    {
      path: paths.auth.signIn.path,
      ...route(signInRoute),
      hydrateFallbackElement: <FirstLoad />,
      errorElement: <RouteError standalone />,
    },
    {
      path: paths.auth.signedInWindow.path,
      lazy: () => import('./routes/auth/signed-in-window').then(route),
      hydrateFallbackElement: <FirstLoad />,
      errorElement: <RouteError standalone />,
    },
    {
      path: paths.home.path,
      lazy: () => import('./routes/app/root').then(route),
      hydrateFallbackElement: <FirstLoad />,
      errorElement: <RouteError standalone />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, loader: () => redirect(homeHref()) },
            {
              path: paths.app.offerings.path,
              lazy: () => import('./routes/app/offerings/offerings').then(route),
            },
            {
              path: paths.app.offering.path,
              lazy: () => import('./routes/app/offerings/offering').then(route),
            },
            {
              path: paths.app.invest.path,
              lazy: () => import('./routes/app/offerings/invest').then(route),
            },
            {
              path: paths.app.accounts.path,
              lazy: () => import('./routes/app/accounts/accounts').then(route),
            },
            {
              path: paths.app.account.path,
              lazy: () => import('./routes/app/accounts/account').then(route),
            },
            {
              path: paths.app.fundMoves.path,
              lazy: () => import('./routes/app/accounts/fund-moves').then(route),
            },
            {
              path: paths.app.fundMove.path,
              lazy: () => import('./routes/app/accounts/fund-move').then(route),
            },
            {
              path: paths.app.disbursement.path,
              lazy: () => import('./routes/app/accounts/disbursement').then(route),
            },
            {
              path: paths.app.accountMoney.path,
              lazy: () => import('./routes/app/accounts/money').then(route),
            },
            {
              path: paths.app.holdings.path,
              lazy: () => import('./routes/app/holdings/holdings').then(route),
            },
            {
              path: paths.app.complianceMoneyRequests.path,
              lazy: () => import('./routes/app/compliance/money-requests').then(route),
            },
            {
              path: paths.app.iraSupplement.path,
              lazy: () => import('./routes/app/accounts/ira').then(route),
            },
            {
              path: paths.app.issuerOfferings.path,
              lazy: () => import('./routes/app/issuer/offerings').then(route),
            },
            {
              path: paths.app.purchaseHistory.path,
              lazy: () => import('./routes/app/issuer/purchase-history').then(route),
            },
            {
              path: paths.app.issuerAccount.path,
              lazy: () => import('./routes/app/issuer/issuer-account').then(route),
            },
            {
              path: paths.app.complianceSearch.path,
              lazy: () => import('./routes/app/compliance/search').then(route),
            },
            {
              path: paths.app.complianceAccount.path,
              lazy: () => import('./routes/app/compliance/account').then(route),
            },
            {
              path: paths.app.complianceEntity.path,
              lazy: () => import('./routes/app/compliance/entity').then(route),
            },
            {
              path: paths.app.complianceFundMoves.path,
              lazy: () => import('./routes/app/compliance/fund-moves').then(route),
            },
            {
              path: paths.app.auditLog.path,
              lazy: () => import('./routes/app/audit/audit-log').then(route),
            },
            {
              path: paths.app.security.path,
              lazy: () => import('./routes/app/settings/security').then(route),
            },
            {
              path: paths.app.sessions.path,
              lazy: () => import('./routes/app/settings/sessions').then(route),
            },
            {
              path: paths.app.adminUsers.path,
              lazy: () => import('./routes/app/admin/users').then(route),
            },
            {
              path: paths.app.approvals.path,
              lazy: () => import('./routes/app/approvals/approvals').then(route),
            },
            {
              path: paths.app.orderBook.path,
              lazy: () => import('./routes/app/order-book/order-book').then(route),
            },
            {
              path: paths.app.order.path,
              lazy: () => import('./routes/app/order-book/order').then(route),
            },
            {
              path: paths.app.marketHours.path,
              lazy: () => import('./routes/app/market-hours/market-hours').then(route),
            },
            {
              path: paths.app.securityHours.path,
              lazy: () => import('./routes/app/market-hours/security-hours').then(route),
            },
            { path: '*', lazy: () => import('./routes/not-found').then(route) },
          ],
        },
      ],
    },
  ]);
}

export function AppRouter() {
  const queryClient = useQueryClient();
  const router = useMemo(() => createAppRouter(queryClient), [queryClient]);
  return <RouterProvider router={router} />;
}
