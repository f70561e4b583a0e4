import { DataTable, type DataTableProps, type DataTableState } from './DataTable';
import { ErrorAlert } from './ErrorAlert';

/** A page of a managers' list as the API answers it: the rows of the page and how many match in all. */
export type ListPage<T> = { items: readonly T[]; total: number };

type Props<T> = Omit<DataTableProps<T>, 'rows' | 'total' | 'state' | 'rowKey'> & {
  /** The list's query (TanStack Query's result): its page of rows, or its failure above the table. */
  query: { data?: ListPage<T>; error: unknown };
  /** The list's state in the address: `useListParams()`. */
  list: DataTableState;
  /** Another call of the page whose failure shows in the same place when the list's own call did not fail. */
  error?: unknown;
  /** The row's key: its `id` unless told. */
  rowKey?: (row: T) => string | number;
};

/** A disabled record (`enabled: false`) is shown faded. */
const disabled = (row: object) => 'enabled' in row && row.enabled === false;

/**
 * A managers' paged list: the failure of its query (if any), then the `DataTable` of the page of rows the API
 * answered, with paging and sorting kept in the address; disabled records faded unless `rowFaded` says otherwise.
 */
export function PagedTable<T extends { id: string | number }>({ query, list, error, rowKey = (row) => row.id, rowFaded = disabled, ...table }: Props<T>) {
  const failure = query.error ?? error;
  return (
    <>
      {failure ? <ErrorAlert error={failure} /> : null}
      <DataTable {...table} rows={query.data?.items} total={query.data?.total ?? 0} state={list} rowKey={rowKey} rowFaded={rowFaded} />
    </>
  );
}
