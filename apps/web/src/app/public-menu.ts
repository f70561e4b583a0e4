import { useMemo } from 'react';
import type { MenuEntry } from '@bjk/domain/content';
import type { Language } from '@bjk/domain/languages';
import { invalidateResources, preloadResource, usePeekResource } from '../shared/data/resource';
import { http } from '../shared/http';
import { publicNavigation, withPages, type NavGroup } from './navigation';

const MENU_KEY = 'content:menu';
const menuKey = (language: Language) => `${MENU_KEY}:${language}`;
const loadMenu = (language: Language) => () => http.get<MenuEntry[]>('/api/v1/page/anon/menu', { query: { lang: language } });

/** Starts loading the menu's pages at start-up, beside the edition. */
export function preloadPublicMenu(language: Language): void {
  preloadResource(menuKey(language), loadMenu(language));
}

/**
 * The public menu with the organisers' pages. While they load, or when they cannot be loaded, the fixed
 * entries alone: the menu never holds the page back nor breaks it.
 */
export function usePublicMenu(language: Language): NavGroup[] {
  const pages = usePeekResource(menuKey(language), loadMenu(language));
  return useMemo(() => (pages ? withPages(publicNavigation, pages) : publicNavigation), [pages]);
}

/** After a manager published, moved or renamed a page: the menu loads again (every language). */
export function invalidatePublicMenu(): void {
  invalidateResources(MENU_KEY);
}
