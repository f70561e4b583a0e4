import { lazy, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { lazyWithReload } from '../shared/version-check';

/**
 * A route's element, loaded on first visit as its own chunk (with the reload-on-stale-chunk guard) and
 * wrapped in the QueryClient provider: TanStack Query arrives with the first page that uses it, not
 * with the home page. Usage in the table: `{ path: 'x', element: lazyPage(() => import('…/XPage'), 'XPage') }`.
 * A public page that reads only the first bundle's resource cache passes `{ queries: false }`: no provider,
 * so a visitor's first page there does not download TanStack Query.
 */
export function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  props: Record<string, unknown> = {},
  { queries = true }: { queries?: boolean } = {},
): ReactElement {
  let loading: Promise<{ default: ComponentType<Record<string, unknown>> }> | undefined;
  const loadOnce = () =>
    (loading ??= (async () => {
      if (!queries) return { default: (await load())[name] as ComponentType<Record<string, unknown>> };
      const [module, { withQueryClient }] = await Promise.all([load(), import('../shared/query/QueryProvider')]);
      return { default: withQueryClient(module[name] as ComponentType<Record<string, unknown>>) };
    })().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Page = lazy(lazyWithReload(loadOnce));
  const element = <Page {...props} />;
  preloaders.set(element, () => void loadOnce().catch(() => undefined));
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
