import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { PAYMENT_REQUEST_KINDS, PAYMENT_REQUEST_STATUSES, type PaymentRequest } from '@bjk/domain/payments';
import { useInstantFormat } from '../../shared/edition/useEdition';
import { formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import type { DataColumn } from '../../shared/ui/DataTable';
import { ListFilters, choices, yesNo } from '../../shared/ui/ListFilter';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { PagedTable } from '../../shared/ui/PagedTable';
import { useListParams } from '../../shared/ui/useListParams';
import { paymentsApi, requestListQuery } from './api';
import { saveBlob } from '../../shared/ui/save-blob';
import { BulkActions } from './BulkActions';
import { StatementImport } from './StatementImport';
import { PaymentStatusChip } from '../../shared/ui/PaymentStatusChip';

function Total({ label, cents, testId }: { label: string; cents: number; testId: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h5" component="p" data-testid={testId}>
          {formatMoney(cents, currentLanguage())}
        </Typography>
        <Typography color="textSecondary">{label}</Typography>
      </CardContent>
    </Card>
  );
}

/** A part of the page with its own heading (the bulk actions, the statement import). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** `/mgmt/paymentrequests`: every request with search, filters, totals, bulk actions, export and statement import. */
export function PaymentRequestsPage() {
  const { t } = useTranslation('payments');
  const language = currentLanguage();
  const formatInstant = useInstantFormat();
  const list = useListParams({ pageSizes: [10, 25, 50, 100, 250], filters: ['status', 'kind', 'sent'] as const });
  // The request's page links back to this list as it was (search, filters, page).
  const back = `/mgmt/paymentrequests${useLocation().search}`;
  const { filters } = list;
  const requests = useQuery(requestListQuery(list.query));
  const exportCsv = useMutation({
    mutationFn: () => paymentsApi.exportCsv({ ...filters, search: list.search }),
    onSuccess: (blob) => saveBlob(blob, 'payment-requests.csv'),
  });
  const data = requests.data;
  const columns: DataColumn<PaymentRequest>[] = [
    {
      id: 'number',
      header: t('columns.number'),
      cell: (r) => (
        <RouterLink to={`/mgmt/paymentrequest_edit?id=${r.id}`} state={{ back }}>
          {r.number}
        </RouterLink>
      ),
    },
    { id: 'kind', header: t('columns.kind'), cell: (r) => t(`kind.${r.kind}`) },
    { id: 'payer', header: t('columns.payer'), cell: (r) => r.payer.name },
    { id: 'total', header: t('columns.total'), align: 'right', cell: (r) => formatMoney(r.totalCents, language) },
    { id: 'received', header: t('columns.received'), align: 'right', cell: (r) => formatMoney(r.receivedCents, language) },
    { id: 'status', header: t('columns.status'), cell: (r) => <PaymentStatusChip status={r.status} flagged={r.flagged} /> },
    { id: 'sent', header: t('columns.sent'), cell: (r) => (r.sentAt ? formatInstant(r.sentAt) : '') },
    {
      id: 'message',
      header: t('columns.message'),
      cell: (r) => (
        <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
          {r.structuredMessage}
        </Box>
      ),
    },
  ];

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
      <Section title={t('bulk.title')}>
        <BulkActions />
      </Section>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label={t('list.search')}
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          sx={{ flex: 2 }}
          slotProps={{ htmlInput: { 'data-testid': 'search' } }}
        />
        <ListFilters
          list={list}
          all={t('list.all')}
          sx={{ flex: 1, minWidth: 160 }}
          filters={[
            { name: 'status', label: t('list.status'), options: choices(PAYMENT_REQUEST_STATUSES, (s) => t(`status.${s}`)) },
            { name: 'kind', label: t('list.kind'), options: choices(PAYMENT_REQUEST_KINDS, (k) => t(`kind.${k}`)) },
            { name: 'sent', label: t('list.sent'), options: yesNo(t('list.sentYes'), t('list.sentNo')), sx: { flex: 1, minWidth: 140 } },
          ]}
        />
        <Button variant="outlined" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending} sx={{ whiteSpace: 'nowrap' }}>
          {t('list.export')}
        </Button>
      </Stack>
      {exportCsv.isError && <ErrorAlert error={exportCsv.error} />}
      <PagedTable
        label={t('list.title')}
        columns={columns}
        query={requests}
        list={list}
        testId="requests-table"
        rowTestId={(r) => `request-row-${r.number}`}
        empty={t('list.none')}
      />
      <Section title={t('statement.title')}>
        <StatementImport />
      </Section>
    </Stack>
  );
}
