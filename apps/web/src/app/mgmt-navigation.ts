import type { NavGroup } from './navigation';

/**
 * The back office's menu, as data (see navigation.ts): apart from the public menus so that visitors of the
 * public site do not download it. Each area adds its management pages here and in `mgmt-routes.tsx`.
 */
export const mgmtNavigation: NavGroup[] = [
  {
    key: 'office',
    labelKey: 'nav.groups.office',
    items: [
      { to: '/mgmt', labelKey: 'nav.mgmtHome' },
      { to: '/mgmt/desk', labelKey: 'nav.desk', permission: 'desk:scan' },
      { to: '/mgmt/reservations', labelKey: 'nav.mgmtReservations', permission: 'lodging:read' },
      { to: '/mgmt/rooms', labelKey: 'nav.mgmtRooms', permission: 'lodging:read' },
      { to: '/mgmt/family_requests', labelKey: 'nav.familyRequests', permission: 'lodging:read' },
      { to: '/mgmt/registrations', labelKey: 'nav.registrations', permission: 'registrations:read' },
      { to: '/mgmt/participants', labelKey: 'nav.mgmtParticipants', permission: 'participants:read' },
      { to: '/mgmt/attendee_bjk', labelKey: 'nav.attendees', permission: 'participants:read' },
      { to: '/mgmt/guests', labelKey: 'nav.guests', permission: 'participants:read' },
      { to: '/mgmt/absences', labelKey: 'nav.absences', permission: 'participants:read' },
      { to: '/mgmt/games', labelKey: 'nav.mgmtGames', permission: 'results:write' },
      { to: '/mgmt/print', labelKey: 'nav.print', permission: 'print:read' },
      { to: '/mgmt/members', labelKey: 'nav.members', permission: 'members:write' },
      { to: '/mgmt/mail', labelKey: 'nav.mail', permission: 'mail:read' },
      { to: '/mgmt/paymentrequests', labelKey: 'nav.paymentRequests', permission: 'payments:read' },
      { to: '/mgmt/upload_json', labelKey: 'nav.uploadJson', permission: 'results:write' },
      { to: '/mgmt/unofficial_results', labelKey: 'nav.unofficialResults', permission: 'results:write' },
    ],
  },
  {
    key: 'administration',
    labelKey: 'nav.groups.administration',
    items: [
      { to: '/mgmt/pages', labelKey: 'nav.mgmtPages', permission: 'content:write' },
      { to: '/mgmt/news', labelKey: 'nav.mgmtNews', permission: 'content:write' },
      { to: '/mgmt/files', labelKey: 'nav.mgmtFiles', permission: 'files:write' },
      { to: '/mgmt/sponsors', labelKey: 'nav.mgmtSponsors', permission: 'files:write' },
      { to: '/mgmt/accounts', labelKey: 'nav.accounts', permission: 'accounts:admin' },
      { to: '/mgmt/audit', labelKey: 'nav.audit', permission: 'audit:read' },
      { to: '/mgmt/settings', labelKey: 'nav.settings', permission: 'edition:write' },
    ],
  },
  { key: 'session', labelKey: 'nav.groups.session', items: [{ to: '/mgmt/logout', labelKey: 'nav.logout' }] },
];
