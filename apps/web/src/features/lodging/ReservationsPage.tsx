import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
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
import type { PaymentRequestStatus } from '@bjk/domain/payments';
import { hasPermission, useManager } from '../../shared/auth/session';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDate, formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { PaymentStatusChip } from '../../shared/ui/PaymentStatusChip';
import { downloadStayWorkbook, lodgingFiguresQuery, reservationListQuery, stayPaymentsQuery } from './api';

type YesNo = '' | 'yes' | 'no';

/** Filters show "All" for their empty value instead of an empty box. */
const allOption = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A stay's payment request in the list: its number (to its page) and status, or "no request". */
function StayPayment({ request }: { request: { id: number; number: number; status: PaymentRequestStatus; flagged: boolean } | undefined }) {
  const { t } = useTranslation('lodging');
  if (!request) return <Typography variant="body2" color="text.secondary">{t('mgmt.list.paymentNone')}</Typography>;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
      <Link component={RouterLink} to={`/mgmt/paymentrequest_edit?id=${request.id}`}>
        {request.number}
      </Link>
      <PaymentStatusChip status={request.status} flagged={request.flagged} />
    </Stack>
  );
}

/** `/mgmt/reservations`: every reservation with search, filters, paging, totals and the venue workbook. */
export function ReservationsPage() {
  const { t } = useTranslation('lodging');
  const settings = useEdition();
  const language = currentLanguage();
  const [search, setSearch] = useState('');
  const [roomType, setRoomType] = useState('');
  const [assigned, setAssigned] = useState<YesNo>('');
  const [enabled, setEnabled] = useState<YesNo>('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const deferredSearch = useDeferredValue(search);
  const list = useQuery({
    ...reservationListQuery({
      search: deferredSearch || undefined,
      roomType: roomType || undefined,
      assigned: assigned || undefined,
      enabled: enabled || undefined,
      page: page + 1,
      pageSize,
    }),
    placeholderData: keepPreviousData,
  });
  const figures = useQuery(lodgingFiguresQuery);
  const session = useManager();
  const payments = useQuery({ ...stayPaymentsQuery, enabled: hasPermission(session, 'payments:read') });
  const download = useMutation({
    mutationFn: downloadStayWorkbook,
    onSuccess: (blob) => saveBlob(blob, `stay-${settings.code}.xlsx`),
  });
  const filter = <T,>(setter: (v: T) => void) => (value: T) => {
    setter(value);
    setPage(0);
  };
  const typeLabel = (code: string) => settings.roomTypes.find((r) => r.code === code)?.label[language] ?? code;

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {t('mgmt.list.title')}
        </Typography>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download.mutate()} disabled={download.isPending} data-testid="download-workbook">
          {t('mgmt.list.download')}
        </Button>
      </Stack>
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
        <TextField
          label={t('mgmt.list.search')}
          type="search"
          value={search}
          onChange={(e) => filter(setSearch)(e.target.value)}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        />
        <TextField select label={t('mgmt.list.type')} slotProps={allOption} value={roomType} onChange={(e) => filter(setRoomType)(e.target.value)}>
          <MenuItem value="">{t('mgmt.list.all')}</MenuItem>
          {settings.roomTypes.map((type) => (
            <MenuItem key={type.code} value={type.code}>
              {type.code} · {type.label[language]}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('mgmt.list.assigned')} slotProps={allOption} value={assigned} onChange={(e) => filter(setAssigned)(e.target.value as YesNo)}>
          <MenuItem value="">{t('mgmt.list.all')}</MenuItem>
          <MenuItem value="yes">{t('mgmt.list.assignedYes')}</MenuItem>
          <MenuItem value="no">{t('mgmt.list.assignedNo')}</MenuItem>
        </TextField>
        <TextField select label={t('mgmt.list.enabled')} slotProps={allOption} value={enabled} onChange={(e) => filter(setEnabled)(e.target.value as YesNo)}>
          <MenuItem value="">{t('mgmt.list.all')}</MenuItem>
          <MenuItem value="yes">{t('mgmt.list.enabledYes')}</MenuItem>
          <MenuItem value="no">{t('mgmt.list.enabledNo')}</MenuItem>
        </TextField>
      </Box>
      {list.isError && <ErrorAlert error={list.error} />}
      {list.data && (
        <Typography data-testid="reservation-totals">
          {t('mgmt.list.totals', { reservations: list.data.totals.reservations, guests: list.data.totals.guests, total: formatMoney(list.data.totals.totalCents, language) })}
        </Typography>
      )}
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('mgmt.list.number')}</TableCell>
                <TableCell>{t('mgmt.list.name')}</TableCell>
                <TableCell>{t('mgmt.list.type')}</TableCell>
                <TableCell align="right">{t('mgmt.list.guests')}</TableCell>
                <TableCell>{t('mgmt.list.rooms')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('mgmt.list.dates')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('mgmt.list.meals')}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {payments.data ? `${t('mgmt.list.total')} · ${t('mgmt.list.payment')}` : t('mgmt.list.total')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data?.items.map((item) => (
                <TableRow key={item.id} hover sx={item.enabled ? undefined : { opacity: 0.6 }} data-testid={`reservation-row-${item.number}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link component={RouterLink} to={`/mgmt/reservation_edit?id=${item.id}`}>
                      {item.number}
                    </Link>
                    {!item.enabled && <Chip size="small" label={t('mgmt.list.disabled')} sx={{ ml: 1 }} />}
                    {/* Phones have no payment column: the status sits under the number. */}
                    {payments.data?.has(item.id) && (
                      <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
                        <PaymentStatusChip status={payments.data.get(item.id)!.status} flagged={payments.data.get(item.id)!.flagged} />
                      </Box>
                    )}
                  </TableCell>
                  <TableCell>
                    {item.contactName}
                    <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                      {item.guestNames}
                    </Typography>
                  </TableCell>
                  <TableCell title={typeLabel(item.roomType)}>{item.roomType}</TableCell>
                  <TableCell align="right">{item.guestCount}</TableCell>
                  <TableCell>{item.rooms.join(', ') || '–'}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                    {formatDate(item.arrivalDate, language, { day: 'numeric', month: 'short' })} – {formatDate(item.departureDate, language, { day: 'numeric', month: 'short' })}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t(`plans.${item.mealPlan}.label`)}</TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                    {formatMoney(item.totalCents, language)}
                    {/* Under the price rather than a column of its own: the table stays within a laptop's width. */}
                    {payments.data && (
                      <Box sx={{ mt: 0.5 }} data-testid="reservation-payment">
                        <StayPayment request={payments.data.get(item.id)} />
                      </Box>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {list.data?.items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={9}>{t('mgmt.list.none')}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={pageSize}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
          rowsPerPageOptions={[10, 25, 50, 100]}
          labelRowsPerPage={t('mgmt.list.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('mgmt.list.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => t(`mgmt.list.page.${type}`)}
        />
      </Paper>
    </Stack>
  );
}
