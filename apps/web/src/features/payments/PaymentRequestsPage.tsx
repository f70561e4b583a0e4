import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PAYMENT_REQUEST_KINDS, PAYMENT_REQUEST_STATUSES } from '@bjk/domain/payments';
import { formatDateTime, formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { paymentsApi, requestListQuery, saveBlob, type RequestFilters } from './api';
import { BulkActions } from './BulkActions';
import { StatementImport } from './StatementImport';
import { PaymentStatusChip } from '../../shared/ui/PaymentStatusChip';

const TIME_ZONE = 'Europe/Brussels';

function Total({ label, cents, testId }: { label: string; cents: number; testId: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h5" component="p" data-testid={testId}>
          {formatMoney(cents, currentLanguage())}
        </Typography>
        <Typography color="text.secondary">{label}</Typography>
      </CardContent>
    </Card>
  );
}

/** `/mgmt/paymentrequests`: every request with search, filters, totals, bulk actions, export and statement import. */
export function PaymentRequestsPage() {
  const { t } = useTranslation('payments');
  const language = currentLanguage();
  const [filters, setFilters] = useState<RequestFilters>({ search: '', status: '', kind: '', sent: '', page: 1, pageSize: 25 });
  const deferred = useDeferredValue(filters);
  const list = useQuery({ ...requestListQuery(deferred), placeholderData: keepPreviousData });
  const exportCsv = useMutation({
    mutationFn: () => paymentsApi.exportCsv(filters),
    onSuccess: (blob) => saveBlob(blob, 'payment-requests.csv'),
  });
  const set = (patch: Partial<RequestFilters>) => setFilters((current) => ({ ...current, page: 1, ...patch }));
  const data = list.data;

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('list.title')}</Typography>
      {data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          <Total label={t('totals.due')} cents={data.totals.dueCents} testId="total-due" />
          <Total label={t('totals.received')} cents={data.totals.receivedCents} testId="total-received" />
          <Total label={t('totals.outstanding')} cents={data.totals.outstandingCents} testId="total-outstanding" />
        </Box>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('bulk.title')}
        </Typography>
        <BulkActions />
      </Paper>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField label={t('list.search')} value={filters.search} onChange={(e) => set({ search: e.target.value })} sx={{ flex: 2 }} slotProps={{ htmlInput: { 'data-testid': 'search' } }} />
        <TextField select label={t('list.status')} value={filters.status} onChange={(e) => set({ status: e.target.value })} sx={{ flex: 1, minWidth: 160 }}>
          <MenuItem value="">{t('list.all')}</MenuItem>
          {PAYMENT_REQUEST_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('list.kind')} value={filters.kind} onChange={(e) => set({ kind: e.target.value })} sx={{ flex: 1, minWidth: 160 }}>
          <MenuItem value="">{t('list.all')}</MenuItem>
          {PAYMENT_REQUEST_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`kind.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('list.sent')} value={filters.sent} onChange={(e) => set({ sent: e.target.value })} sx={{ flex: 1, minWidth: 140 }}>
          <MenuItem value="">{t('list.all')}</MenuItem>
          <MenuItem value="yes">{t('list.sentYes')}</MenuItem>
          <MenuItem value="no">{t('list.sentNo')}</MenuItem>
        </TextField>
        <Button variant="outlined" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending} sx={{ whiteSpace: 'nowrap' }}>
          {t('list.export')}
        </Button>
      </Stack>
      {(list.error ?? exportCsv.error) && <ErrorAlert error={list.error ?? exportCsv.error} />}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('list.title')} data-testid="requests-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.number')}</TableCell>
              <TableCell>{t('columns.kind')}</TableCell>
              <TableCell>{t('columns.payer')}</TableCell>
              <TableCell align="right">{t('columns.total')}</TableCell>
              <TableCell align="right">{t('columns.received')}</TableCell>
              <TableCell>{t('columns.status')}</TableCell>
              <TableCell>{t('columns.sent')}</TableCell>
              <TableCell>{t('columns.message')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.items.map((r) => (
              <TableRow key={r.id} hover data-testid={`request-row-${r.number}`}>
                <TableCell>
                  <RouterLink to={`/mgmt/paymentrequest_edit?id=${r.id}`}>{r.number}</RouterLink>
                </TableCell>
                <TableCell>{t(`kind.${r.kind}`)}</TableCell>
                <TableCell>{r.payer.name}</TableCell>
                <TableCell align="right">{formatMoney(r.totalCents, language)}</TableCell>
                <TableCell align="right">{formatMoney(r.receivedCents, language)}</TableCell>
                <TableCell>
                  <PaymentStatusChip status={r.status} flagged={r.flagged} />
                </TableCell>
                <TableCell>{r.sentAt ? formatDateTime(r.sentAt, language, TIME_ZONE) : ''}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{r.structuredMessage}</TableCell>
              </TableRow>
            ))}
            {data && data.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={8}>{t('list.none')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={filters.page - 1}
          onPageChange={(_, page) => setFilters((current) => ({ ...current, page: page + 1 }))}
          rowsPerPage={filters.pageSize}
          rowsPerPageOptions={[10, 25, 50, 100, 250]}
          onRowsPerPageChange={(e) => set({ pageSize: Number(e.target.value) })}
          labelRowsPerPage={t('list.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('list.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => t(`list.pageButton.${type}`)}
        />
      </TableContainer>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('statement.title')}
        </Typography>
        <StatementImport />
      </Paper>
    </Stack>
  );
}
