import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { portalConfigQueryOptions } from '../../../features/auth/api/get-portal-config';
import { AppLayout } from '../../layout/app-layout';
import { MuiTheme } from '../../mui-theme';
import { requireSession } from '../../session-guard';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request);
    // The platform's time zone is needed to show its zone-less timestamps (lib/format).
    void queryClient.prefetchQuery(portalConfigQueryOptions());
    return null;
  };

export default function AppRoot() {
  return (
    <MuiTheme>
      <AppLayout />
    </MuiTheme>
  );
}
