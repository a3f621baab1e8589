import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { authStore } from '../api/storage';
import { AppRoot } from './AppRoot';
import { BootScreen, RootError } from './BootScreens';
import { HomeRedirect, RequireAccess, RequireAuth } from './guards';
import { lazyPage } from './lazy';
import { publicRoutes, type ShellRoute, shellRoutes } from './routes';
import { NotFoundPage, RouteError } from './StatusPages';

/**
 * A page's first data request, started as soon as its route matches on the app's first load: in parallel with the
 * app's code and the session instead of after both (webModule `prefetch`). It returns at once, so nothing waits for
 * it; a failure is the page's own query's to show. Only on the first load: later the code and the session are there
 * already, and a 401 during a navigation would send the person back to the page they were leaving.
 */
export function prefetchLoader(route: ShellRoute, client: QueryClient | undefined, starting: () => boolean) {
  const prefetch = route.prefetch;
  if (!prefetch || !client) return undefined;
  return ({ params }: LoaderFunctionArgs) => {
    if (starting() && authStore.get().authorized) void prefetch(params, client).catch(() => undefined);
    return null;
  };
}

const shellPages = (client: QueryClient | undefined, starting: () => boolean): RouteObject[] =>
  shellRoutes.map((route) => {
    const page: RouteObject = {
      path: route.path,
      lazy: lazyPage(route.load),
      loader: prefetchLoader(route, client, starting),
      errorElement: <RouteError />,
    };
    if (!route.access) return page;
    return {
      path: route.path,
      element: <RequireAccess access={route.access} />,
      children: [{ index: true, lazy: page.lazy, loader: page.loader, errorElement: <RouteError /> }],
    };
  });

export const buildRoutes = (client?: QueryClient, starting: () => boolean = () => true): RouteObject[] => [
  {
    element: <AppRoot />,
    hydrateFallbackElement: <BootScreen />,
    errorElement: <RootError />,
    children: [
      ...publicRoutes.map((route) => ({
        path: route.path,
        lazy: lazyPage(route.load),
        errorElement: <RouteError />,
      })),
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: lazyPage(() => import('./shell/Shell')),
            errorElement: <RouteError />,
            children: [
              { index: true, element: <HomeRedirect /> },
              ...shellPages(client, starting),
              { path: '404', element: <NotFoundPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter(client?: QueryClient) {
  // The first loaders may run while createBrowserRouter is still initialising, before `router` is assigned.
  let router: ReturnType<typeof createBrowserRouter> | undefined;
  router = createBrowserRouter(buildRoutes(client, () => !router?.state.initialized));
  return router;
}
