import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The results' plain tables: compact on a phone, numbers right-aligned, no table library. */
export function ResultsTable({ children, testId, label }: { children: ReactNode; testId: string; label: string }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        data-testid={testId}
        aria-label={label}
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          fontSize: { xs: '0.9rem', sm: '0.95rem' },
          '& th, & td': { textAlign: 'left', p: { xs: '6px 4px', sm: '6px 8px' }, borderBottom: 1, borderColor: 'divider', verticalAlign: 'top' },
          '& th': { fontWeight: 600, color: 'text.secondary', fontSize: '0.8rem', whiteSpace: 'nowrap' },
          '& .num': { textAlign: 'right', whiteSpace: 'nowrap' },
          '& .wide': { display: { xs: 'none', md: 'table-cell' } },
          '@media print': { '& .wide': { display: 'table-cell' } },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
