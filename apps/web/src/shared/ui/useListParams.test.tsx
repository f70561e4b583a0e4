import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams, type ListParamsOptions } from './useListParams';

/** The hook inside a router at `address`, with the router's current address beside it. */
function renderList(address: string, options: ListParamsOptions<'status' | 'kind'> = { filters: ['status', 'kind'] }) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>;
  return renderHook(
    () => {
      const location = useLocation();
      return { list: useListParams(options), address: `${location.pathname}${location.search}` };
    },
    { wrapper },
  );
}

describe('a list kept in the address', () => {
  it('starts on page 1 with the default page size, no search, no filter and the given sort', () => {
    const { result } = renderList('/mgmt/list', { pageSize: 50, sort: 'name', dir: 'desc', filters: ['status'] });
    expect(result.current.list).toMatchObject({ page: 1, pageSize: 50, search: '', sort: 'name', dir: 'desc', filters: { status: '' } });
    expect(result.current.list.query).toEqual({ page: 1, pageSize: 50, sort: 'name', dir: 'desc' });
  });

  it('reads page, size, search, sort and filters from the address, and gives the API only what is set', () => {
    const { result } = renderList('/mgmt/list?page=3&pageSize=100&search=%20maes%20&sort=createdAt&dir=desc&status=open&other=x');
    const { list } = result.current;
    expect(list).toMatchObject({ page: 3, pageSize: 100, search: ' maes ', sort: 'createdAt', dir: 'desc', filters: { status: 'open', kind: '' } });
    expect(list.query).toEqual({ page: 3, pageSize: 100, search: 'maes', sort: 'createdAt', dir: 'desc', status: 'open' });
  });

  it('falls back to the defaults for values that are not a page, a size or a direction', () => {
    for (const address of ['/l?page=0&pageSize=-5&dir=sideways', '/l?page=abc&pageSize=2.5&dir=', '/l?page=-1&pageSize=0&dir=ASC']) {
      const { result } = renderList(address);
      expect(result.current.list, address).toMatchObject({ page: 1, pageSize: 25, dir: 'asc' });
      expect(result.current.list.query, address).toEqual({ page: 1, pageSize: 25 });
    }
  });

  it('writes every change back to the address: a new search, filter, size or sort goes back to page 1', () => {
    const { result } = renderList('/l?page=4&status=open');
    act(() => result.current.list.setSearch('peeters'));
    expect(result.current.address).toBe('/l?status=open&search=peeters');
    act(() => result.current.list.setPage(2));
    expect(result.current.address).toBe('/l?status=open&search=peeters&page=2');
    act(() => result.current.list.setFilter('kind', 'stay'));
    expect(result.current.address).toBe('/l?status=open&search=peeters&kind=stay');
    act(() => result.current.list.setFilter('status', ''));
    expect(result.current.address).toBe('/l?search=peeters&kind=stay');
    act(() => result.current.list.setPageSize(100));
    expect(result.current.address).toBe('/l?search=peeters&kind=stay&pageSize=100');
    act(() => result.current.list.setPageSize(25));
    expect(result.current.address).toBe('/l?search=peeters&kind=stay');
    act(() => result.current.list.setPage(1));
    expect(result.current.address).toBe('/l?search=peeters&kind=stay');
    expect(result.current.list.query).toEqual({ page: 1, pageSize: 25, search: 'peeters', kind: 'stay' });
  });

  it('keeps two changes made before the page renders again (two filters filled at once)', () => {
    const { result } = renderList('/l?status=open');
    const { list } = result.current;
    act(() => {
      list.setFilter('kind', 'stay');
      list.setFilter('status', 'paid');
      list.setSearch('maes');
    });
    expect(result.current.address).toBe('/l?status=paid&kind=stay&search=maes');
  });

  it('sorts by a column, and by the same column again the other way round', () => {
    const { result } = renderList('/l?page=2');
    act(() => result.current.list.setSort('name'));
    expect(result.current.address).toBe('/l?sort=name&dir=asc');
    act(() => result.current.list.setSort('name'));
    expect(result.current.list).toMatchObject({ sort: 'name', dir: 'desc' });
    act(() => result.current.list.setSort('createdAt'));
    expect(result.current.list).toMatchObject({ sort: 'createdAt', dir: 'asc' });
  });
});
