import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppRoot } from './AppRoot';
import { BootScreen, RootError } from './BootScreens';
import { HomeRedirect, RequireAccess, RequireAuth } from './guards';
import { lazyPage } from './lazy';
import { publicRoutes, shellRoutes } from './routes';
import { NotFoundPage, RouteError } from './StatusPages';

const pages: RouteObject[] = shellRoutes.map((route) => {
  const page: RouteObject = { path: route.path, lazy: lazyPage(route.load), errorElement: <RouteError /> };
  if (!route.access) return page;
  return {
    path: route.path,
    element: <RequireAccess access={route.access} />,
    children: [{ index: true, lazy: page.lazy, errorElement: <RouteError /> }],
  };
});

export const routes: RouteObject[] = [
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
              ...pages,
              { path: '404', element: <NotFoundPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
