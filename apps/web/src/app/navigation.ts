/**
 * The menus, as data: each area adds its pages here when it builds them (no entries for pages that do
 * not exist yet). Labels are i18n keys of the `common` namespace.
 */
export type NavItem = {
  to: string;
  labelKey: string;
  /** Management pages: shown only to managers with this permission (the API refuses the others anyway). */
  permission?: string;
};
export type NavGroup = { key: string; labelKey: string; items: NavItem[] };

export const publicNavigation: NavGroup[] = [
  {
    key: 'championship',
    labelKey: 'nav.groups.championship',
    items: [
      { to: '/', labelKey: 'nav.home' },
      { to: '/news', labelKey: 'nav.news' },
      { to: '/registration_bjk', labelKey: 'nav.registration' },
      { to: '/participants_bjk', labelKey: 'nav.participants' },
      { to: '/page/subscriptions', labelKey: 'nav.subscriptions' },
      { to: '/files', labelKey: 'nav.files' },
    ],
  },
  {
    key: 'practical',
    labelKey: 'nav.groups.practical',
    items: [
      { to: '/stay', labelKey: 'nav.stay' },
      { to: '/reservation', labelKey: 'nav.reservation' },
      { to: '/rsv26wizard', labelKey: 'nav.reservationWizard' },
      { to: '/catering', labelKey: 'nav.catering' },
    ],
  },
  {
    key: 'tournament',
    labelKey: 'nav.groups.tournament',
    items: [
      { to: '/schedule', labelKey: 'nav.schedule' },
      { to: '/rules', labelKey: 'nav.rules' },
      { to: '/page/internal-regulations', labelKey: 'nav.internalRegulations' },
      { to: '/page/covid', labelKey: 'nav.covid' },
    ],
  },
  {
    key: 'about',
    labelKey: 'nav.groups.about',
    items: [
      { to: '/page/mission', labelKey: 'nav.mission' },
      { to: '/page/team', labelKey: 'nav.team' },
      { to: '/page/arbiters', labelKey: 'nav.arbiters' },
      { to: '/page/organisers', labelKey: 'nav.organisers' },
      { to: '/page/privacy', labelKey: 'nav.privacy' },
      { to: '/page/contact', labelKey: 'nav.contact' },
    ],
  },
];
