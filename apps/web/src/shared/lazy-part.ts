import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { lazyWithReload } from './version-check';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
type AnyComponent = ComponentType<any>;

/** A lazy piece of a page, and a way to start downloading it before it is shown. */
export type LazyPart<C extends AnyComponent> = LazyExoticComponent<C> & { preload: () => void };

/**
 * A named export of a module as a lazy component: a page's heavy part (a wizard's step with its schemas, the photo
 * cropper) downloads when it is reached, not with the page (Total Blocking Time on a phone). `preload()` starts the
 * download early, e.g. the next step's while the visitor fills in this one; the chunk is fetched once either way.
 * `{ mui: true }`: the part is drawn with MUI and its page without it; MUI's theme loads with the part.
 * `{ queries: true }`: the part uses TanStack Query and its page does not (`lazyPage(…, { queries: false })`); the
 * query provider (the tab's one QueryClient) loads with the part.
 */
export function lazyPart<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  { mui = false, queries = false }: { mui?: boolean; queries?: boolean } = {},
): LazyPart<M[K] extends AnyComponent ? M[K] : never> {
  type C = M[K] extends AnyComponent ? M[K] : never;
  // A part drawn with MUI inside a page drawn without it (`lazyPage(…, { mui: false })`) brings MUI's theme along.
  let loading: Promise<C> | undefined;
  const once = () =>
    (loading ??= (async () => {
      const [module, theme, query] = await Promise.all([
        load(),
        mui ? import('./theme/MuiProvider') : undefined,
        queries ? import('./query/QueryProvider') : undefined,
      ]);
      const part = module[name] as C;
      const withQueries = query ? query.withQueryClient(part) : part;
      return (theme ? theme.withMui(withQueries) : withQueries) as C;
    })().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const component = lazy(lazyWithReload(async () => ({ default: await once() })));
  return Object.assign(component, { preload: () => void once().catch(() => undefined) });
}
