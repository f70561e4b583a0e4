import { useMemo } from 'react';
import type { Language } from '@bjk/domain/languages';
import { preloadMenuPages, usePeekMenuPages } from '../features/content/public-menu-resource';
import { publicNavigation, withPages, type NavGroup } from './navigation';

/** Starts loading the menu's pages at start-up, beside the edition. */
export function preloadPublicMenu(language: Language): void {
  preloadMenuPages(language);
}

/**
 * The public menu with the organisers' pages. While they load, or when they cannot be loaded, the fixed
 * entries alone: the menu never holds the page back nor breaks it.
 */
export function usePublicMenu(language: Language): NavGroup[] {
  const pages = usePeekMenuPages(language);
  return useMemo(() => (pages ? withPages(publicNavigation, pages) : publicNavigation), [pages]);
}
