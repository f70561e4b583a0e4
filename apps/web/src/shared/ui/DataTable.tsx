import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format';
import { currentLanguage } from '../i18n';
import type { SortDirection } from './useListParams';

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export type DataColumn<T> = {
  id: string;
  /** The column's heading, and the label of the value on a phone's card. */
  header: string;
  /** Shown to screen readers only (an actions column). */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** The server's sort key: the heading sorts the list. */
  sortKey?: string;
  /** Left out of the table below this width (a phone shows cards, a tablet the most important columns). */
  hideBelow?: 'md' | 'lg';
  /** The card's title on a phone (the first column when none is marked). */
  primary?: boolean;
  /** Left out of the phone's card (repeated elsewhere on it). */
  hideOnCard?: boolean;
  nowrap?: boolean;
};

/** What the table needs of the list's state: `useListParams()` gives it. */
export type DataTableState = {
  page: number;
  pageSize: number;
  /** The page sizes offered, when the list names its own (before the table's `pageSizes`). */
  pageSizes?: number[];
  sort?: string;
  dir?: SortDirection;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSort?: (key: string) => void;
};

export type DataTableProps<T> = {
  /** The table's accessible name. */
  label: string;
  columns: DataColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** Rows of the whole filtered set; without it (a list read whole) there is no paging. */
  total?: number;
  state?: DataTableState;
  /** Shown when no row matches (a neutral "nothing matches" without it). */
  empty?: ReactNode;
  /** `data-testid` of the table, or of the list of cards on a phone. */
  testId?: string;
  rowTestId?: (row: T) => string;
  /** A disabled record, shown faded. */
  rowFaded?: (row: T) => boolean;
  pageSizes?: number[];
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
};

/**
 * The one table of the back office: a table from a tablet's width up, one card per row on a phone (no sideways
 * scrolling), sortable headings, and paging with translated labels and row ranges ("1–25 of 404"). Its state
 * lives in the address through `useListParams`.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  total,
  state,
  empty,
  testId,
  rowTestId,
  rowFaded,
  pageSizes: tablePageSizes = [10, 25, 50, 100],
  size = 'small',
  sx,
}: DataTableProps<T>) {
  const { t } = useTranslation('lists');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const language = currentLanguage();
  const number = (value: number) => formatNumber(value, language);
  const primary = columns.find((c) => c.primary) ?? columns[0]!;
  const sortable = columns.filter((c) => c.sortKey);
  const nothing = empty ?? t('none');
  const pageSizes = state?.pageSizes ?? tablePageSizes;

  const pagination =
    state && total !== undefined ? (
      <TablePagination
        component="div"
        count={total}
        page={Math.max(0, state.page - 1)}
        onPageChange={(_, next) => state.setPage(next + 1)}
        rowsPerPage={state.pageSize}
        onRowsPerPageChange={(e) => state.setPageSize(Number(e.target.value))}
        rowsPerPageOptions={pageSizes.includes(state.pageSize) ? pageSizes : [...pageSizes, state.pageSize].sort((a, b) => a - b)}
        labelRowsPerPage={t('rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) =>
          count === -1
            ? t('displayedRowsUnknown', { from: number(from), to: number(to) })
            : t('displayedRows', { from: number(from), to: number(to), count: number(count) })
        }
        getItemAriaLabel={(type) => t(`page.${type}`)}
        sx={{
          '.MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: { xs: 1, sm: 2 } },
          '.MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        }}
      />
    ) : null;

  if (phone) {
    return (
      <Box sx={sx} role="region" aria-label={label} data-testid={testId}>
        {state?.setSort && sortable.length > 0 && (
          <TextField
            select
            size="small"
            label={t('sortBy')}
            value={`${state.sort ?? ''}`}
            onChange={(e) => state.setSort?.(e.target.value)}
            sx={{ mb: 1.5, minWidth: 180 }}
            slotProps={{ htmlInput: { 'data-testid': 'list-sort' } }}
          >
            {sortable.map((c) => (
              <MenuItem key={c.id} value={c.sortKey}>
                {c.header}
                {state.sort === c.sortKey ? ` (${t(state.dir === 'desc' ? 'descending' : 'ascending')})` : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows?.map((row) => (
            <Paper
              component="li"
              variant="outlined"
              key={rowKey(row)}
              data-testid={rowTestId?.(row)}
              sx={{ p: 1.5, opacity: rowFaded?.(row) ? 0.6 : 1, overflowWrap: 'anywhere' }}
            >
              <Typography component="div" sx={{ fontWeight: 600, mb: 0.5 }}>
                {primary.cell(row)}
              </Typography>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, auto) 1fr', columnGap: 1.5, rowGap: 0.5, m: 0 }}>
                {columns
                  .filter((c) => c !== primary && !c.hideOnCard)
                  .map((c) => (
                    <Box key={c.id} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" color="textSecondary" sx={c.hideHeader ? visuallyHidden : undefined}>
                        {c.header}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, gridColumn: c.hideHeader ? '1 / -1' : undefined }}>
                        {c.cell(row)}
                      </Typography>
                    </Box>
                  ))}
              </Box>
            </Paper>
          ))}
        </Stack>
        {rows?.length === 0 && <Typography sx={{ py: 1 }}>{nothing}</Typography>}
        {pagination}
      </Box>
    );
  }

  const hidden = (c: DataColumn<T>) => (c.hideBelow ? { display: { xs: 'none', [c.hideBelow]: 'table-cell' } } : {});
  return (
    <Paper variant="outlined" sx={sx}>
      <TableContainer>
        <Table size={size} aria-label={label} data-testid={testId}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell
                  key={c.id}
                  align={c.align}
                  sx={{ ...hidden(c), ...(c.hideHeader ? { position: 'relative' } : {}) }}
                  sortDirection={c.sortKey && state?.sort === c.sortKey ? state.dir : false}
                >
                  {c.hideHeader ? (
                    <span style={visuallyHidden}>{c.header}</span>
                  ) : c.sortKey && state?.setSort ? (
                    <TableSortLabel
                      active={state.sort === c.sortKey}
                      direction={state.sort === c.sortKey ? state.dir : 'asc'}
                      onClick={() => state.setSort?.(c.sortKey!)}
                    >
                      {c.header}
                    </TableSortLabel>
                  ) : (
                    c.header
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.map((row) => (
              <TableRow key={rowKey(row)} hover data-testid={rowTestId?.(row)} sx={rowFaded?.(row) ? { opacity: 0.6 } : undefined}>
                {columns.map((c) => (
                  <TableCell key={c.id} align={c.align} sx={{ ...hidden(c), ...(c.nowrap ? { whiteSpace: 'nowrap' } : {}) }}>
                    {c.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>{nothing}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination}
    </Paper>
  );
}
