import type { ComponentType, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { RegistrationKind } from '@bjk/domain/enrolment';
import { useRegistrationKind } from '../../shared/edition/kind';
import type { DataColumn } from '../../shared/ui/DataTable';

/**
 * A management page's body for the championship in the address (`?kind=vk`), keyed by it: switching championship
 * starts the body afresh (its search, filters, paging or half-edited form do not carry over).
 */
export function KeyedByKind({ body: Body }: { body: ComponentType<{ kind: RegistrationKind }> }) {
  const kind = useRegistrationKind();
  return <Body key={kind} kind={kind} />;
}

type Person = { lastName: string; firstName: string; category: string; clubName: string | null };

/** The sortable name column: "Last First", linking to the person's edit page, with `badges` behind the link. */
export function nameColumn<R extends Person>(header: string, to: (row: R) => string, badges?: (row: R) => ReactNode): DataColumn<R> {
  return {
    id: 'name',
    header,
    sortKey: 'name',
    cell: (row) => (
      <>
        <RouterLink to={to(row)}>
          {row.lastName} {row.firstName}
        </RouterLink>
        {badges?.(row)}
      </>
    ),
  };
}

/** The sortable category column (its code). */
export const categoryColumn = (header: string): DataColumn<Person> => ({
  id: 'category',
  header,
  sortKey: 'category',
  cell: (row) => row.category,
});

/** The club column, left out below a tablet's width. */
export const clubColumn = (header: string): DataColumn<Person> => ({ id: 'club', header, hideBelow: 'md', cell: (row) => row.clubName });
