import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type LoaderFunctionArgs } from 'react-router-dom';

export type MemoryRouter = ReturnType<typeof createMemoryRouter>;

type PageLoader = (
  queryClient: QueryClient,
) => (args: LoaderFunctionArgs) => unknown | Promise<unknown>;

/**
 * Once every read asked for has been answered. A page routed with its loader lands after the
 * loader's reads are answered, as it may in a browser near the BFF while the page's code loads:
 * the page then finds what the loader read (a refusal included) already there.
 */
function answered(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (queryClient.isFetching() === 0) return resolve();
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      stop();
      resolve();
    });
  });
}

/**
 * One page as the portal routes it, its loader before it, at `path` (of the route `pattern`).
 * `onRouter` hands the router out, for a test to navigate as a link or Back would.
 */
export function LoaderRoutedPage({
  pattern,
  path,
  loader,
  element,
  onRouter,
}: {
  pattern: string;
  path: string;
  loader: PageLoader;
  element: ReactNode;
  onRouter?: (router: MemoryRouter) => void;
}) {
  const queryClient = useQueryClient();
  const router = useMemo(
    () =>
      createMemoryRouter(
        [
          {
            path: pattern,
            loader: async (args: LoaderFunctionArgs) => {
              const loaded = await loader(queryClient)(args);
              await answered(queryClient);
              return loaded ?? null;
            },
            element,
          },
        ],
        { initialEntries: [path] },
      ),
    // The route is built once per page and path; `element` and `loader` are fixed for a test.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, path],
  );
  onRouter?.(router);
  return <RouterProvider router={router} />;
}
