import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router-dom';

/** What every lazy route module offers: the page as default export, and optionally a loader. */
export type RouteModule = {
  default: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
};

export const toRoute = (queryClient: QueryClient) => (module: RouteModule) => ({
  Component: module.default,
  loader: module.clientLoader?.(queryClient),
});
