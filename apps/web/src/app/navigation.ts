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

/** A group of the public menu (its label `nav.groups.<key>`), with its fixed entries: path, label key and order. */
function group(key: string, entries: readonly [to: string, labelKey: string, order: number][]): NavGroup {
  return { key, labelKey: `nav.groups.${key}`, items: entries.map(([to, labelKey, order]) => ({ to, labelKey, order })) };
}

/** The public menu's fixed entries: the site's own pages. */
export const publicNavigation: NavGroup[] = [
  group('championship', [
    ['/', 'nav.home', 10],
    ['/news', 'nav.news', 20],
    ['/registration_bjk', 'nav.registration', 30],
    ['/participants_bjk', 'nav.participants', 40],
    ['/family', 'nav.family', 50],
    ['/files', 'nav.files', 60],
  ]),
  group('practical', [['/rsv26wizard', 'nav.reservationWizard', 30]]),
  group('tournament', [
    ['/schedule', 'nav.schedule', 10],
    ['/results', 'nav.results', 20],
    ['/games', 'nav.games', 30],
  ]),
  group('about', []),
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
