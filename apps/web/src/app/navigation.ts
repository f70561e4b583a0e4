import type { MenuEntry } from '@bjk/domain/content';

/**
 * The menus, as data: each area adds its pages here when it builds them (no entries for pages that do
 * not exist yet). The organisers' own pages (stay, rules, team…) are not listed here: they place
 * themselves in the public menu (menu group and order in /mgmt/pages, see `withPages`).
 */
export type NavItem = {
  to: string;
  /** Management pages: shown only to managers with this permission (the API refuses the others anyway). */
  permission?: string;
  /** The place among the group's entries; the organisers' pages use the same scale (10, 20, … leaves room between). */
  order?: number;
} & (
  | {
      /** An i18n key of the `common` namespace. */
      labelKey: string;
    }
  | {
      /** A label as written by the organisers, already in the visitor's language. */
      label: string;
    }
);
export type NavGroup = { key: string; labelKey: string; items: NavItem[] };

/** The public menu's fixed entries: the site's own pages. */
export const publicNavigation: NavGroup[] = [
  {
    key: 'championship',
    labelKey: 'nav.groups.championship',
    items: [
      { to: '/', labelKey: 'nav.home', order: 10 },
      { to: '/news', labelKey: 'nav.news', order: 20 },
      { to: '/registration_bjk', labelKey: 'nav.registration', order: 30 },
      { to: '/participants_bjk', labelKey: 'nav.participants', order: 40 },
      { to: '/family', labelKey: 'nav.family', order: 50 },
      { to: '/files', labelKey: 'nav.files', order: 60 },
    ],
  },
  {
    key: 'practical',
    labelKey: 'nav.groups.practical',
    items: [{ to: '/rsv26wizard', labelKey: 'nav.reservationWizard', order: 30 }],
  },
  {
    key: 'tournament',
    labelKey: 'nav.groups.tournament',
    items: [
      { to: '/schedule', labelKey: 'nav.schedule', order: 10 },
      { to: '/results', labelKey: 'nav.results', order: 20 },
      { to: '/games', labelKey: 'nav.games', order: 30 },
    ],
  },
  { key: 'about', labelKey: 'nav.groups.about', items: [] },
];

/**
 * The public menu: the fixed entries with the organisers' published pages placed among them by group and
 * order (at an equal order the fixed entry comes first: the sort keeps the array's order).
 */
export function withPages(fixed: NavGroup[], pages: readonly MenuEntry[]): NavGroup[] {
  return fixed.map((group) => ({
    ...group,
    items: [...group.items, ...pages.filter((page) => page.group === group.key).map((page) => ({ to: page.path, label: page.title, order: page.order }))].sort(
      (a, b) => (a.order ?? 0) - (b.order ?? 0),
    ),
  }));
}
