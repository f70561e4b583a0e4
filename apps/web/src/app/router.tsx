import { Suspense, useEffect } from 'react';
import { Outlet, createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { HomePage } from '../features/content/HomePage';
import { lazyWithReload, reloadIfPending } from '../shared/version-check';
import { PageLoading } from './layouts/AppShell';
import { DefaultLayout } from './layouts/DefaultLayout';
import { ErrorPage } from './pages/ErrorPage';
import { NotFoundPage } from './pages/NotFoundPage';

/** Does the pending full reload (new build, failed chunk) on the next navigation. */
function Root() {
  const location = useLocation();
  useEffect(() => {
    reloadIfPending(window.location.href);
  }, [location.key]);
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

const mgmtLayout = lazyWithReload(() => import('./layouts/MgmtLayout'));

/**
 * The route table: every route of the site, registered as its area is built. Public routes use the
 * default layout, /mgmt routes the mgmt layout (loaded lazily: visitors never download it).
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <DefaultLayout />,
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/mgmt',
        lazy: async () => ({ Component: (await mgmtLayout()).MgmtLayout }),
        errorElement: <ErrorPage />,
        children: [{ path: '*', element: <NotFoundPage homePath="/mgmt" /> }],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
