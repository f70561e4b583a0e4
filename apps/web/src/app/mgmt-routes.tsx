import { useRoutes, type RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from '../shared/ui/NotFoundPage';

/**
 * The back office's route table, below `/mgmt` (paths are relative to it): a chunk of its own, loaded on the
 * first visit to /mgmt, so the public site's first page does not carry it. Each area adds its management
 * pages here and in `mgmt-navigation.ts`.
 */
export const mgmtRoutes: RouteObject[] = [
  {
    element: lazyPage(() => import('./layouts/MgmtLayout'), 'MgmtLayout'),
    children: [
      { path: 'logout', element: lazyPage(() => import('../features/accounts/LogoutPage'), 'LogoutPage') },
      // The identity provider's return address (and a login page of its own).
      { path: 'login', element: lazyPage(() => import('../features/accounts/ProviderReturnPage'), 'ProviderReturnPage') },
      {
        element: lazyPage(() => import('../features/accounts/RequireManager'), 'RequireManager'),
        children: [
          { index: true, element: lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage') },
          { path: 'files', element: lazyPage(() => import('../features/files/ManageFilesPage'), 'ManageFilesPage') },
          { path: 'upload_json', element: lazyPage(() => import('../features/results/UploadJsonPage'), 'UploadJsonPage') },
          { path: 'unofficial_results', element: lazyPage(() => import('../features/results/UnofficialResultsPage'), 'UnofficialResultsPage') },
          { path: 'pages', element: lazyPage(() => import('../features/content/ManagePagesPage'), 'ManagePagesPage') },
          { path: 'news', element: lazyPage(() => import('../features/content/ManageNewsPage'), 'ManageNewsPage') },
          { path: 'sponsors', element: lazyPage(() => import('../features/files/ManageSponsorsPage'), 'ManageSponsorsPage') },
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
          { path: 'games', element: lazyPage(() => import('../features/results/games/ManageGamesPage'), 'ManageGamesPage') },
          { path: 'desk', element: lazyPage(() => import('../features/desk/DeskPage'), 'DeskPage') },
          { path: 'print', element: lazyPage(() => import('../features/print/PrintPage'), 'PrintPage') },
          { path: 'absences', element: lazyPage(() => import('../features/family/AbsencesPage'), 'AbsencesPage') },
          { path: 'family_requests', element: lazyPage(() => import('../features/family/FamilyRequestsPage'), 'FamilyRequestsPage') },
          { path: '*', element: <NotFoundPage homePath="/mgmt" /> },
        ],
      },
    ],
  },
];

export function MgmtRoutes() {
  return useRoutes(mgmtRoutes);
}
