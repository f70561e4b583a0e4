/**
 * The menus, as data: each area adds its pages here when it builds them (no entries for pages that do
 * not exist yet). Labels are i18n keys of the `common` namespace.
 */
export type NavItem = { to: string; labelKey: string };
export type NavGroup = { key: string; labelKey: string; items: NavItem[] };

export const publicNavigation: NavGroup[] = [
  { key: 'championship', labelKey: 'nav.groups.championship', items: [{ to: '/', labelKey: 'nav.home' }] },
];

export const mgmtNavigation: NavGroup[] = [
  { key: 'office', labelKey: 'nav.groups.office', items: [{ to: '/mgmt', labelKey: 'nav.mgmtHome' }] },
  { key: 'session', labelKey: 'nav.groups.session', items: [{ to: '/mgmt/logout', labelKey: 'nav.logout' }] },
];
