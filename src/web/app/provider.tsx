import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { createQueryClient } from './query-client';
import './baseline.css';

/**
 * The providers of every page. MUI's theme is not among them: the pages that use MUI bring it
 * (app/mui-theme.tsx), and the first page does without it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ErrorBoundary>
  );
}
