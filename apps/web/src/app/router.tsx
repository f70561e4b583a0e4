import { Suspense, lazy, useEffect, type ComponentType, type ReactElement } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { HomePage } from '../features/content/HomePage';
import { lazyWithReload, reloadIfPending } from '../shared/version-check';
import { PageLoading } from './layouts/AppShell';
import { DefaultLayout } from './layouts/DefaultLayout';
import { ErrorBoundary } from './pages/ErrorPage';
import { NotFoundPage } from './pages/NotFoundPage';

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

/**
 * A route's element, loaded on first visit as its own chunk (with the reload-on-stale-chunk guard) and
 * wrapped in the QueryClient provider: TanStack Query arrives with the first page that uses it, not
 * with the home page. Usage in the table: `{ path: 'x', element: lazyPage(() => import('…/XPage'), 'XPage') }`.
 */
function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  props: Record<string, unknown> = {},
): ReactElement {
  const Page = lazy(
    lazyWithReload(async () => {
      const [module, { withQueryClient }] = await Promise.all([load(), import('../shared/query/QueryProvider')]);
      return { default: withQueryClient(module[name] as ComponentType<Record<string, unknown>>) };
    }),
  );
  return <Page {...props} />;
}

/** An information page by its fixed slug (`/stay`), or by the address's slug (`/page/privacy`). */
function contentPage(slug?: string): ReactElement {
  return lazyPage(() => import('../features/content/ContentPage'), 'ContentPage', { slug });
}

/**
 * The route table: every route of the site, registered as its area is built. Public routes use the
 * default layout, /mgmt routes the mgmt layout (loaded lazily: visitors never download it). Pages other
 * than the home page are lazy (`lazyPage`): the home page's JavaScript budget is 150 kB gzip.
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
          { path: 'schedule', element: lazyPage(() => import('../features/content/SchedulePage'), 'SchedulePage') },
          { path: 'page/:slug', element: contentPage() },
          { path: 'files', element: lazyPage(() => import('../features/files/FilesPage'), 'FilesPage') },
          { path: 'news', element: lazyPage(() => import('../features/content/NewsList'), 'NewsListPage') },
          { path: 'news/:id', element: lazyPage(() => import('../features/content/NewsPage'), 'NewsPage') },
          { path: 'payment/:token', element: lazyPage(() => import('../features/payments/PaymentPage'), 'PaymentPage') },
          { path: 'rsv26wizard', element: lazyPage(() => import('../features/lodging/ReservationWizardPage'), 'ReservationWizardPage') },
          { path: 'rsv26wizard_notstarted', element: lazyPage(() => import('../features/lodging/ReservationWizardPage'), 'ReservationNotStartedPage') },
          { path: 'rsv26wizard_closed', element: lazyPage(() => import('../features/lodging/ReservationWizardPage'), 'ReservationClosedPage') },
          { path: 'registration_bjk', element: lazyPage(() => import('../features/enrolment/RegistrationWizard'), 'RegistrationBjkPage') },
          { path: 'participants_bjk', element: lazyPage(() => import('../features/enrolment/PublicParticipantsPage'), 'PublicParticipantsPage') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/mgmt',
        element: lazyPage(() => import('./layouts/MgmtLayout'), 'MgmtLayout'),
        children: [
          { path: 'logout', element: lazyPage(() => import('../features/accounts/LogoutPage'), 'LogoutPage') },
          {
            element: lazyPage(() => import('../features/accounts/RequireManager'), 'RequireManager'),
            children: [
              { index: true, element: lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage') },
              { path: 'files', element: lazyPage(() => import('../features/files/ManageFilesPage'), 'ManageFilesPage') },
              { path: 'pages', element: lazyPage(() => import('../features/content/ManagePagesPage'), 'ManagePagesPage') },
              { path: 'registrations', element: lazyPage(() => import('../features/enrolment/RegistrationsPage'), 'RegistrationsPage') },
              { path: 'registration_edit', element: lazyPage(() => import('../features/enrolment/RegistrationEditPage'), 'RegistrationEditPage') },
              { path: 'participants', element: lazyPage(() => import('../features/enrolment/ParticipantsPage'), 'ParticipantsPage') },
              { path: 'participant_edit', element: lazyPage(() => import('../features/enrolment/ParticipantEditPage'), 'ParticipantEditPage') },
              { path: 'attendee_bjk', element: lazyPage(() => import('../features/enrolment/AttendeesPage'), 'AttendeesPage') },
              { path: 'guests', element: lazyPage(() => import('../features/enrolment/AttendeesPage'), 'GuestsPage') },
              { path: 'members', element: lazyPage(() => import('../features/members/MembersImportPage'), 'MembersImportPage') },
              { path: 'mail', element: lazyPage(() => import('../features/mail/OutboxPage'), 'OutboxPage') },
              { path: 'paymentrequests', element: lazyPage(() => import('../features/payments/PaymentRequestsPage'), 'PaymentRequestsPage') },
              { path: 'paymentrequest_edit', element: lazyPage(() => import('../features/payments/PaymentRequestEditPage'), 'PaymentRequestEditPage') },
              { path: 'accounts', element: lazyPage(() => import('../features/accounts/AccountsPage'), 'AccountsPage') },
              { path: 'audit', element: lazyPage(() => import('../features/audit/AuditPage'), 'AuditPage') },
              { path: 'settings', element: lazyPage(() => import('../features/edition/SettingsPage'), 'SettingsPage') },
              { path: 'reservations', element: lazyPage(() => import('../features/lodging/ReservationsPage'), 'ReservationsPage') },
              { path: 'reservation_edit', element: lazyPage(() => import('../features/lodging/ReservationEditPage'), 'ReservationEditPage') },
              { path: 'rooms', element: lazyPage(() => import('../features/lodging/RoomsPage'), 'RoomsPage') },
              { path: '*', element: <NotFoundPage homePath="/mgmt" /> },
            ],
          },
        ],
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
