import { lazy, type ComponentType, type ReactElement } from 'react';
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
  const Page = lazy(
    lazyWithReload(async () => {
      if (!queries) return { default: (await load())[name] as ComponentType<Record<string, unknown>> };
      const [module, { withQueryClient }] = await Promise.all([load(), import('../shared/query/QueryProvider')]);
      return { default: withQueryClient(module[name] as ComponentType<Record<string, unknown>>) };
    }),
  );
  return <Page {...props} />;
}
