import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router';
import { NotFound } from '../shared/NotFound';
import { RootLayout } from '../shared/RootLayout';
import { RouteError } from '../shared/RouteError';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});
