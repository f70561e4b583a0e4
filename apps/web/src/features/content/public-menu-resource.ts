import type { MenuEntry } from '@bjk/domain/content';
import type { Language } from '@bjk/domain/languages';
import { invalidateResources, preloadResource, usePeekResource } from '../../shared/data/resource';
import { http } from '../../shared/http';

// The organisers' pages in the public menu: content's data, read by the app's menu (`app/public-menu.ts`) and
// invalidated by the pages editor, so the editor need not import the app.
const MENU_KEY = 'content:menu';
const menuKey = (language: Language) => `${MENU_KEY}:${language}`;
const loadMenu = (language: Language) => () => http.get<MenuEntry[]>('/api/v1/page/anon/menu', { query: { lang: language } });

/** Starts loading the menu's pages at start-up, beside the edition. */
export function preloadMenuPages(language: Language): void {
  preloadResource(menuKey(language), loadMenu(language));
}

/** The menu's pages once loaded; undefined while they load or when they cannot be loaded (never suspends). */
export function usePeekMenuPages(language: Language): MenuEntry[] | undefined {
  return usePeekResource(menuKey(language), loadMenu(language));
}

/** After a manager published, moved or renamed a page: the menu loads again (every language). */
export function invalidatePublicMenu(): void {
  invalidateResources(MENU_KEY);
}
