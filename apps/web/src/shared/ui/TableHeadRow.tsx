import type { SxProps, Theme } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** A column heading: its text, or the text with the cell's alignment and style (a column a phone leaves out). */
export type HeadCell = string | { label: ReactNode; align?: 'left' | 'right' | 'center'; sx?: SxProps<Theme> };

/** The heading row of a hand-made table (one whose rows hold inputs or nested parts): one cell per heading, in order. */
export function TableHeadRow({ cells }: { cells: readonly HeadCell[] }) {
  return (
    <TableHead>
      <TableRow>
        {cells.map((cell, index) =>
          typeof cell === 'string' ? (
            <TableCell key={index}>{cell}</TableCell>
          ) : (
            <TableCell key={index} align={cell.align} sx={cell.sx}>
              {cell.label}
            </TableCell>
          ),
        )}
      </TableRow>
    </TableHead>
  );
}
