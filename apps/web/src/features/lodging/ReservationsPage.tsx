import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ReservationSummary } from '@bjk/domain/lodging';
import { hasPermission, useManager } from '../../shared/auth/session';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDate, formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import type { DataColumn } from '../../shared/ui/DataTable';
import { PagedTable } from '../../shared/ui/PagedTable';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { PageHeader } from '../../shared/ui/PageHeader';
import { PaymentRequestCell } from '../../shared/ui/PaymentRequestCell';
import { ListFilters, ListSearch, yesNo } from '../../shared/ui/ListFilter';
import { useListParams } from '../../shared/ui/useListParams';
import { downloadStayWorkbook, lodgingFiguresQuery, reservationListQuery, stayPaymentsQuery } from './api';
import { saveBlob } from '../../shared/ui/save-blob';

/** `/mgmt/reservations`: every reservation with search, filters, paging, totals and the venue workbook. */
export function ReservationsPage() {
  const { t } = useTranslation('lodging');
  const settings = useEdition();
  const language = currentLanguage();
  const list = useListParams({ filters: ['roomType', 'assigned', 'enabled'] as const });
  const reservations = useQuery({ ...reservationListQuery(list.query), placeholderData: keepPreviousData });
  const figures = useQuery(lodgingFiguresQuery);
  const session = useManager();
  const payments = useQuery({ ...stayPaymentsQuery, enabled: hasPermission(session, 'payments:read') });
  const download = useMutation({
    mutationFn: downloadStayWorkbook,
    onSuccess: (blob) => saveBlob(blob, `stay-${settings.code}.xlsx`),
  });
  const typeLabel = (code: string) => settings.roomTypes.find((r) => r.code === code)?.label[language] ?? code;
  const columns: DataColumn<ReservationSummary>[] = [
    {
      id: 'number',
      header: t('mgmt.list.number'),
      nowrap: true,
      cell: (item) => (
        <>
          <Link component={RouterLink} to={`/mgmt/reservation_edit?id=${item.id}`}>
            {item.number}
          </Link>
          {!item.enabled && <Chip size="small" label={t('mgmt.list.disabled')} sx={{ ml: 1 }} />}
        </>
      ),
    },
    {
      id: 'name',
      header: t('mgmt.list.name'),
      cell: (item) => (
        <>
          {item.contactName}
          <Typography variant="body2" color="textSecondary">
            {item.guestNames}
          </Typography>
        </>
      ),
    },
    { id: 'type', header: t('mgmt.list.type'), cell: (item) => <span title={typeLabel(item.roomType)}>{item.roomType}</span> },
    { id: 'guests', header: t('mgmt.list.guests'), align: 'right', cell: (item) => item.guestCount },
    { id: 'rooms', header: t('mgmt.list.rooms'), cell: (item) => item.rooms.join(', ') || '–' },
    {
      id: 'dates',
      header: t('mgmt.list.dates'),
      hideBelow: 'md',
      nowrap: true,
      cell: (item) =>
        `${formatDate(item.arrivalDate, language, { day: 'numeric', month: 'short' })} – ${formatDate(item.departureDate, language, { day: 'numeric', month: 'short' })}`,
    },
    { id: 'meals', header: t('mgmt.list.meals'), hideBelow: 'md', cell: (item) => t(`plans.${item.mealPlan}.label`) },
    {
      id: 'total',
      header: payments.data ? `${t('mgmt.list.total')} · ${t('mgmt.list.payment')}` : t('mgmt.list.total'),
      align: 'right',
      nowrap: true,
      cell: (item) => (
        <>
          {formatMoney(item.totalCents, language)}
          {/* Under the price rather than a column of its own: the table stays within a laptop's width. */}
          {payments.data && (
            <Box sx={{ mt: 0.5 }} data-testid="reservation-payment">
              <PaymentRequestCell request={payments.data.get(item.id)} none={t('mgmt.list.paymentNone')} spacing={0.5} end />
            </Box>
          )}
        </>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <PageHeader title={t('mgmt.list.title')} stacked>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download.mutate()} disabled={download.isPending} data-testid="download-workbook">
          {t('mgmt.list.download')}
        </Button>
      </PageHeader>
      {download.isError && <ErrorAlert error={download.error} />}
      {figures.data && (
        <Box component="section" aria-label={t('mgmt.list.figures')}>
          <Typography variant="subtitle2" component="h2" gutterBottom>
            {t('mgmt.list.figures')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {figures.data.freeRoomsByType.map((f) => (
              <Chip key={f.roomType} variant="outlined" label={`${f.roomType}: ${t('mgmt.list.freeOf', { free: f.free, total: f.total })}`} />
            ))}
          </Stack>
        </Box>
      )}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr 1fr' } }}>
        <ListSearch list={list} label={t('mgmt.list.search')} sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }} />
        <ListFilters
          list={list}
          all={t('mgmt.list.all')}
          allShown
          filters={[
            {
              name: 'roomType',
              label: t('mgmt.list.type'),
              options: settings.roomTypes.map((type) => ({ value: type.code, label: `${type.code} · ${type.label[language]}` })),
            },
            { name: 'assigned', label: t('mgmt.list.assigned'), options: yesNo(t('mgmt.list.assignedYes'), t('mgmt.list.assignedNo')) },
            { name: 'enabled', label: t('mgmt.list.enabled'), options: yesNo(t('mgmt.list.enabledYes'), t('mgmt.list.enabledNo')) },
          ]}
        />
      </Box>
      {reservations.data && (
        <Typography data-testid="reservation-totals">
          {[
            t('mgmt.list.reservationCount', { count: reservations.data.totals.reservations }),
            t('mgmt.list.guestCount', { count: reservations.data.totals.guests }),
            formatMoney(reservations.data.totals.totalCents, language),
          ].join(' · ')}
        </Typography>
      )}
      <PagedTable
        label={t('mgmt.list.title')}
        columns={columns}
        query={reservations}
        list={list}
        rowTestId={(item) => `reservation-row-${item.number}`}

        empty={t('mgmt.list.none')}
      />
    </Stack>
  );
}
