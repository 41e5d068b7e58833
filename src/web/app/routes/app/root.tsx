import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { AppLayout } from '../../layout/app-layout';
import { requireSession } from '../../session-guard';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request);
    return null;
  };

export default function AppRoot() {
  return <AppLayout />;
}
