import { Fragment, type ReactNode } from 'react';

/**
 * One column of a plain table: its heading, the classes its heading and cells share (`headClassName` adds to the
 * heading's), what a row shows in it, and an optional test id on its cells.
 */
export type Column<Row> = {
  head: ReactNode;
  className?: string;
  headClassName?: string;
  cell: (row: Row) => ReactNode;
  testId?: string;
};

/**
 * The head and body of a plain `<table>` from a column definition array: one `th scope="col"` a column, one row a
 * row (with its `rowTestId`), and after each row what `after` gives (a details row). The caller writes the `<table>`
 * with its classes and label around it.
 */
export function TableContent<Row>({
  columns,
  rows,
  rowKey,
  rowTestId,
  after,
}: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowTestId?: string;
  after?: (row: Row) => ReactNode;
}) {
  return (
    <>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th scope="col" key={index} className={[column.className, column.headClassName].filter(Boolean).join(' ') || undefined}>
              {column.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Fragment key={rowKey(row)}>
            <tr data-testid={rowTestId}>
              {columns.map((column, index) => (
                <td key={index} className={column.className} data-testid={column.testId}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
            {after?.(row)}
          </Fragment>
        ))}
      </tbody>
    </>
  );
}
