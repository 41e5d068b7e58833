import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toRoute, type RouteModule } from '../app/route-module';
import { RouteError } from '../components/errors/route-error';

/** A page at its path in the portal's route tree, with the inner error element every page has. */
export function RoutePage({
  module,
  pattern,
  path,
}: {
  module: RouteModule;
  pattern: string;
  path: string;
}) {
  const queryClient = useQueryClient();
  const router = useMemo(
    () =>
      createMemoryRouter(
        [
          {
            errorElement: <RouteError />,
            children: [{ path: pattern, ...toRoute(queryClient)(module) }],
          },
        ],
        { initialEntries: [path] },
      ),
    [queryClient, module, pattern, path],
  );
  return <RouterProvider router={router} />;
}
