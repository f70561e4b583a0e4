import { Suspense, useEffect, type ComponentType } from 'react';
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

/** A route's page loaded on first visit (its own chunk), with the reload-on-stale-chunk guard. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  const guarded = lazyWithReload(load);
  return async () => ({ Component: (await guarded())[name] as ComponentType });
}

const contentPageModule = lazyWithReload(() => import('../features/content/ContentPage'));

/** An information page by its fixed slug (`/stay`), or by the address's slug (`/page/privacy`). */
function contentPage(slug?: string) {
  return async () => {
    const { ContentPage } = await contentPageModule();
    return { Component: () => <ContentPage slug={slug} /> };
  };
}

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
          { path: 'stay', lazy: contentPage('stay') },
          { path: 'catering', lazy: contentPage('catering') },
          { path: 'reservation', lazy: contentPage('reservation') },
          { path: 'rules', lazy: contentPage('rules') },
          { path: 'page/:slug', lazy: contentPage() },
          { path: 'news', lazy: lazyPage(() => import('../features/content/NewsList'), 'NewsListPage') },
          { path: 'news/:id', lazy: lazyPage(() => import('../features/content/NewsPage'), 'NewsPage') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/mgmt',
        lazy: async () => ({ Component: (await mgmtLayout()).MgmtLayout }),
        errorElement: <ErrorPage />,
        children: [
          { path: 'logout', lazy: lazyPage(() => import('../features/accounts/LogoutPage'), 'LogoutPage') },
          {
            lazy: lazyPage(() => import('../features/accounts/RequireManager'), 'RequireManager'),
            children: [
              { index: true, lazy: lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage') },
              { path: '*', element: <NotFoundPage homePath="/mgmt" /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
