import { useCallback, useDeferredValue, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

export type SortDirection = 'asc' | 'desc';

export type ListParamsOptions<F extends string> = {
  /** Rows per page when the address names none. */
  pageSize?: number;
  /** The page sizes the table offers (the table's own choices without them). */
  pageSizes?: number[];
  /** The server's sort key and direction when the address names none (lists the server sorts). */
  sort?: string;
  dir?: SortDirection;
  /** The list's own filters, each one query parameter of the address and of the API (`status`, `roomType` …). */
  filters?: readonly F[];
};

/**
 * The state of a managers' list, kept in the page's address (`?page=2&pageSize=50&search=maes&status=open`), so a
 * reload, the back button and a shared link show the same rows. Pages count from 1, like the API
 * (packages/domain `list-query.ts`); changing the search, a filter, the sort or the page size goes back to page 1.
 * `query` is what the list's API call takes: the search is deferred (typing stays responsive), empty values left out.
 */
export function useListParams<F extends string = never>(options: ListParamsOptions<F> = {}) {
  const [params, setParams] = useSearchParams();
  // The parameters as last rendered or last asked for: React Router hands a functional update the parameters of the
  // last render, so two changes made before the page renders again (two filters filled quickly on a busy phone)
  // would each start from the same old address and the second would undo the first.
  const latest = useRef(params);
  const rendered = useRef(params);
  if (rendered.current !== params) {
    rendered.current = params;
    latest.current = params;
  }
  const defaultPageSize = options.pageSize ?? 25;
  const positive = (value: string | null, fallback: number) => {
    const n = Number(value);
    return Number.isInteger(n) && n >= 1 ? n : fallback;
  };
  const page = positive(params.get('page'), 1);
  const pageSize = positive(params.get('pageSize'), defaultPageSize);
  const search = params.get('search') ?? '';
  const deferredSearch = useDeferredValue(search);
  const sort = params.get('sort') ?? options.sort;
  const dirParam = params.get('dir');
  const dir: SortDirection = dirParam === 'asc' || dirParam === 'desc' ? dirParam : (options.dir ?? 'asc');
  const filterNames = options.filters ?? [];
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as Record<F, string>;

  /** Sets (or, when empty, removes) parameters; anything but the page number goes back to the first page. */
  const update = useCallback(
    (changes: Record<string, string | number | undefined>) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in changes)) next.delete('page');
      if (next.get('page') === '1') next.delete('page');
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );

  const filterKey = filterNames.map((name) => `${name}=${filters[name]}`).join('&');
  const query = useMemo(() => {
    const active = Object.fromEntries(filterNames.filter((name) => filters[name] !== '').map((name) => [name, filters[name]])) as Partial<Record<F, string>>;
    return { page, pageSize, search: deferredSearch.trim() || undefined, ...(sort ? { sort, dir } : {}), ...active };
    // filters are read through filterKey: a new object each render, the same values
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, pageSize, deferredSearch, sort, dir, filterKey]);

  return {
    page,
    pageSize,
    pageSizes: options.pageSizes,
    search,
    sort,
    dir,
    filters,
    query,
    setPage: (next: number) => update({ page: next }),
    setPageSize: (next: number) => update({ pageSize: next === defaultPageSize ? undefined : next }),
    setSearch: (next: string) => update({ search: next }),
    setFilter: (name: F, value: string) => update({ [name]: value }),
    /** Sorts by `key`; the same key again turns the direction round. */
    setSort: (key: string) => update(key === sort ? { sort: key, dir: dir === 'asc' ? 'desc' : 'asc' } : { sort: key, dir: 'asc' }),
  };
}

export type ListParams = ReturnType<typeof useListParams<string>>;

/** A list's API query as the address gives it (the server validates it: packages/domain `list-query.ts`). */
export type ListQuery = { page: number; pageSize: number; search?: string; sort?: string; dir?: SortDirection } & Record<string, string | number | undefined>;
