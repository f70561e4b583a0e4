import TableCell from '@mui/material/TableCell';

/** Visually hidden, still read by screen readers (1 px, clipped). */
const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * The header of a table's actions column: named for screen readers, blank on screen. Positioned, so the hidden
 * text stays inside the scrolling table instead of widening the page on a phone.
 */
export function ActionsHeaderCell({ label }: { label: string }) {
  return (
    <TableCell sx={{ position: 'relative' }}>
      <span style={visuallyHidden}>{label}</span>
    </TableCell>
  );
}
