import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
// The material ThemeProvider also carries the CSS-variables provider, which this theme does not
// use; the system provider it delegates to for such themes keeps the first page lighter.
import { ThemeProvider } from '@mui/system';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { createQueryClient } from './query-client';
import { theme } from './theme';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
