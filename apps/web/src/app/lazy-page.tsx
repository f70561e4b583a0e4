import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { lazyPart, type LazyPart } from '../shared/lazy-part';

/**
 * A route's element, loaded on first visit as its own chunk (with the reload-on-stale-chunk guard) and
 * wrapped in MUI's theme (`MuiProvider`) and the QueryClient provider: MUI, emotion and TanStack Query arrive with the
 * first page that uses them, not with the home page. Usage in the table: `{ path: 'x', element: lazyPage(() => import('…/XPage'), 'XPage') }`.
 * A public page that reads only the first bundle's resource cache passes `{ queries: false }`: no provider,
 * so a visitor's first page there does not download TanStack Query. One drawn with plain elements and static CSS only
 * passes `{ mui: false }`: no MUI either (the information pages; decision 0003).
 */
export function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  props: Record<string, unknown> = {},
  { queries = true, mui = true }: { queries?: boolean; mui?: boolean } = {},
): ReactElement {
  // A page is a lazy part with the page defaults (MUI's theme and the query provider unless it says otherwise).
  const Page = lazyPart(load, name, { queries, mui }) as unknown as LazyPart<ComponentType<Record<string, unknown>>>;
  const element = <Page {...props} />;
  preloaders.set(element, Page.preload);
  return element;
}

/** Each lazy route element's download, to start it before React renders the route (`preloadRoute`). */
const preloaders = new WeakMap<object, () => void>();

/**
 * Starts downloading the code of the page at `pathname` (its chunk and the chunks it imports) at once, at start-up,
 * side by side with the texts and the first data: not after the first render asked for it (one round trip less on a
 * phone before the page can show, LCP). The route renders later and gets this same download.
 */
export function preloadRoute(routes: RouteObject[], pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const element = match.route.element;
    if (element && typeof element === 'object') preloaders.get(element)?.();
  }
}

/**
 * A part outside the routes that is drawn with MUI (the phone drawer, the language menu, the sponsors' strip), loaded on
 * first use with MUI's theme around it: the shell itself imports no MUI (decision 0003).
 */
export function lazyWithMui<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [module, { withMui }] = await Promise.all([load(), import('../shared/theme/MuiProvider')]);
    return { default: withMui(module.default) };
  });
}
