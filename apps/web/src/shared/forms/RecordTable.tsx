import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { ActionsHeaderCell } from '../ui/ActionsHeaderCell';

/**
 * A back-office page's table of the records it edits, read whole (no paging): an outlined, small table with one
 * heading per `headers` entry, then the actions column (named for screen readers only), then the rows given.
 */
export function RecordTable({
  testId,
  headers,
  actionsLabel,
  children,
}: {
  testId: string;
  headers: readonly string[];
  actionsLabel: string;
  children: ReactNode;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {headers.map((header) => (
              <TableCell key={header}>{header}</TableCell>
            ))}
            <ActionsHeaderCell label={actionsLabel} />
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
