import { Suspense, useEffect, type ReactElement } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { HomePage } from '../features/content/HomePage';
import { reloadIfPending } from '../shared/version-check';
import { lazyPage } from './lazy-page';
import { PageLoading } from '../shared/ui/PageLoading';
import { DefaultLayout } from './layouts/DefaultLayout';
import { ErrorBoundary } from './pages/ErrorPage';
import { NotFoundPage } from '../shared/ui/NotFoundPage';

/** Does the pending full reload (new build, failed chunk) on the next navigation; catches what fails to render. */
function Root() {
  const location = useLocation();
  useEffect(() => {
    reloadIfPending(window.location.href);
  }, [location.key]);
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

/** An information page by its fixed slug (`/stay`), or by the address's slug (`/page/privacy`): no TanStack Query, no MUI. */
function contentPage(slug?: string): ReactElement {
  return lazyPage(() => import('../features/content/ContentPage'), 'ContentPage', { slug }, { queries: false, mui: false });
}

/** A category's results page (`/trn_u8`): one component and one chunk for all of them; no TanStack Query, no MUI. */
function resultsPage(slug: string): ReactElement {
  return lazyPage(() => import('../features/results/CategoryPage'), 'ResultsCategoryPage', { slug }, { queries: false, mui: false });
}

/**
 * The route table: every route of the site, registered as its area is built. Public routes use the
 * default layout; the /mgmt routes live in `mgmt-routes.tsx` (loaded lazily: visitors never download them). Pages other
 * than the home page are lazy (`lazyPage`): the home page's JavaScript budget is 120 kB gzip.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <DefaultLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'stay', element: contentPage('stay') },
          { path: 'catering', element: contentPage('catering') },
          { path: 'reservation', element: contentPage('reservation') },
          { path: 'rules', element: contentPage('rules') },
          { path: 'schedule', element: lazyPage(() => import('../features/content/SchedulePage'), 'SchedulePage', {}, { queries: false, mui: false }) },
          { path: 'page/:slug', element: contentPage() },
          { path: 'files', element: lazyPage(() => import('../features/files/FilesPage'), 'FilesPage', {}, { queries: false, mui: false }) },
          { path: 'news', element: lazyPage(() => import('../features/content/NewsListPage'), 'NewsListPage', {}, { queries: false, mui: false }) },
          { path: 'news/:id', element: lazyPage(() => import('../features/content/NewsPage'), 'NewsPage', {}, { queries: false, mui: false }) },
          { path: 'payment/:token', element: lazyPage(() => import('../features/payments/PaymentPage'), 'PaymentPage', {}, { queries: false, mui: false }) },
          // "My family" (decision 0013): the page, and the landing page of the mailed sign-in link.
          { path: 'family', element: lazyPage(() => import('../features/family/FamilyPage'), 'FamilyPage', {}, { queries: false, mui: false }) },
          {
            path: 'family/welcome',
            element: lazyPage(() => import('../features/family/FamilySignIn'), 'FamilyWelcomePage', {}, { queries: false, mui: false }),
          },
          {
            path: 'rsv26wizard',
            element: lazyPage(() => import('../features/lodging/ReservationWizardPage'), 'ReservationWizardPage', {}, { queries: false, mui: false }),
          },
          {
            path: 'rsv26wizard_notstarted',
            element: lazyPage(() => import('../features/lodging/ReservationWizardPage'), 'ReservationNotStartedPage', {}, { queries: false, mui: false }),
          },
          {
            path: 'rsv26wizard_closed',
            element: lazyPage(() => import('../features/lodging/ReservationWizardPage'), 'ReservationClosedPage', {}, { queries: false, mui: false }),
          },
          {
            path: 'registration_bjk',
            element: lazyPage(() => import('../features/enrolment/RegistrationWizard'), 'RegistrationBjkPage', {}, { queries: false, mui: false }),
          },
          {
            path: 'registration_vk',
            element: lazyPage(() => import('../features/enrolment/RegistrationWizard'), 'RegistrationVkPage', {}, { queries: false, mui: false }),
          },
          { path: 'games', element: lazyPage(() => import('../features/results/games/GamesPage'), 'GamesPage', {}, { queries: false, mui: false }) },
          { path: 'games/:category', element: lazyPage(() => import('../features/results/games/GamesPage'), 'GamesPage', {}, { queries: false, mui: false }) },
          {
            path: 'games/:category/:round',
            element: lazyPage(() => import('../features/results/games/GamesPage'), 'GamesPage', {}, { queries: false, mui: false }),
          },
          { path: 'games/game/:id', element: lazyPage(() => import('../features/results/games/GamePage'), 'GamePage', {}, { queries: false, mui: false }) },
          {
            path: 'participants_bjk',
            element: lazyPage(() => import('../features/enrolment/PublicParticipantsPage'), 'PublicParticipantsPage', {}, { queries: false, mui: false }),
          },
          {
            path: 'follow/unfollow',
            element: lazyPage(() => import('../features/notifications/FollowPages'), 'UnfollowPage', {}, { queries: false, mui: false }),
          },
          {
            path: 'follow/confirm',
            element: lazyPage(() => import('../features/notifications/FollowPages'), 'ConfirmFollowPage', {}, { queries: false, mui: false }),
          },
          {
            path: 'results',
            element: lazyPage(() => import('../features/results/ResultsIndexPage'), 'ResultsIndexPage', {}, { queries: false, mui: false }),
          },
          // One page for every category; the edition's categories decide which of these show results.
          { path: 'trn_u8', element: resultsPage('trn_u8') },
          { path: 'trn_u10', element: resultsPage('trn_u10') },
          { path: 'trn_u12', element: resultsPage('trn_u12') },
          { path: 'trn_u14', element: resultsPage('trn_u14') },
          { path: 'trn_u16', element: resultsPage('trn_u16') },
          { path: 'trn_u18', element: resultsPage('trn_u18') },
          { path: 'trn_u20', element: resultsPage('trn_u20') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      // The back office's routes are a chunk of their own: visitors of the public site never download them.
      { path: '/mgmt/*', element: lazyPage(() => import('./mgmt-routes'), 'MgmtRoutes') },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
