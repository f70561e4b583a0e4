import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
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
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { RegistrationKind } from '@bjk/domain/enrolment';
import { hasPermission, useManager } from '../../shared/auth/session';
import { formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { PaymentStatusChip } from '../../shared/ui/PaymentStatusChip';
import { KindSwitch, usePlayerCategoryCodes, useRegistrationKind, withKind } from '../../shared/edition/kind';
import { addLateParticipant, download, importRegistrations, participantPaymentsQuery, participantsQuery, refreshRatings, type ParticipantPayment } from './mgmt-api';

type Sort = 'name' | 'category' | 'ratingFide' | 'ratingNational' | 'createdAt';

/** A participant's payment request in the list: its number (to its page), status and what is still owed. */
function ParticipantPaymentCell({ request }: { request: ParticipantPayment | undefined }) {
  const { t } = useTranslation('enrolment');
  if (!request) return <Typography variant="body2" color="text.secondary">{t('mgmt.paymentNone')}</Typography>;
  const outstanding = Math.max(request.totalCents - request.receivedCents, 0);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
      <Link component={RouterLink} to={`/mgmt/paymentrequest_edit?id=${request.id}`}>
        {request.number}
      </Link>
      <PaymentStatusChip status={request.status} flagged={request.flagged} />
      {request.status !== 'cancelled' && outstanding > 0 && (
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('mgmt.outstanding', { amount: formatMoney(outstanding, currentLanguage()) })}
        </Typography>
      )}
    </Stack>
  );
}

/** `/mgmt/participants[?kind=vk]`: the start list, with the import of confirmed registrations and late additions. */
export function ParticipantsPage() {
  const kind = useRegistrationKind();
  // Keyed by kind: switching championship starts from a clean search, filters and paging.
  return <ParticipantList key={kind} kind={kind} />;
}

function ParticipantList({ kind }: { kind: RegistrationKind }) {
  const { t } = useTranslation('enrolment');
  const players = usePlayerCategoryCodes(kind);
  // Payments are shown to managers who may read them (the desk of the start list may not).
  const mayReadPayments = hasPermission(useManager(), 'payments:read');
  const payments = useQuery({ ...participantPaymentsQuery(kind), enabled: mayReadPayments });
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [enabled, setEnabled] = useState('');
  const [sort, setSort] = useState<Sort>('name');
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const [lateId, setLateId] = useState('');
  const [lateCategory, setLateCategory] = useState('');
  const q = useDeferredValue(search);
  const query = useQuery(participantsQuery(kind, { q: q || undefined, category: category || undefined, enabled: enabled || undefined, sort, dir, page, pageSize }));
  const refresh = () => void client.invalidateQueries({ queryKey: ['enrolment', 'participants'] });
  const importing = useMutation({ mutationFn: () => importRegistrations(kind), onSuccess: refresh });
  const late = useMutation({ mutationFn: () => addLateParticipant(kind, Number(lateId), lateCategory), onSuccess: () => (setLateId(''), refresh()) });
  const ratings = useMutation({ mutationFn: () => refreshRatings(kind), onSuccess: refresh });

  const header = (key: Sort, label: string) => (
    <TableSortLabel active={sort === key} direction={sort === key ? dir : 'asc'} onClick={() => (setDir(sort === key && dir === 'asc' ? 'desc' : 'asc'), setSort(key), setPage(0))}>
      {label}
    </TableSortLabel>
  );

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h1">{t('mgmt.participants')}</Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <KindSwitch kind={kind} />
          <Button variant="contained" onClick={() => importing.mutate()} disabled={importing.isPending} data-testid="participants-import">
            {t('mgmt.importRegistrations')}
          </Button>
          <Button onClick={() => ratings.mutate()} disabled={ratings.isPending}>
            {t('mgmt.refreshRatings')}
          </Button>
          <Button startIcon={<DownloadIcon />} onClick={() => void download(`/api/v1/participant/${kind}/export.csv`, `participants-${kind}.csv`)}>
            {t('mgmt.exportCsv')}
          </Button>
        </Stack>
      </Stack>
      {importing.isSuccess && (
        <Alert severity="success" data-testid="participants-import-result">
          {t('mgmt.importResult', importing.data)}
        </Alert>
      )}
      {ratings.isSuccess && <Alert severity="success">{t('mgmt.ratingsResult', ratings.data)}</Alert>}
      {(importing.isError || ratings.isError) && <ErrorAlert error={importing.error ?? ratings.error} />}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={(e) => (e.preventDefault(), late.mutate())} noValidate>
          <TextField size="small" label={t('lookup.idbel')} value={lateId} onChange={(e) => setLateId(e.target.value.replace(/\D/g, ''))} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <TextField size="small" select label={t('details.category')} value={lateCategory} onChange={(e) => setLateCategory(e.target.value)} sx={{ minWidth: 140 }}>
            {players.map((code) => (
              <MenuItem key={code} value={code}>
                {code}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="outlined" disabled={!lateId || !lateCategory || late.isPending}>
            {t('mgmt.addLate')}
          </Button>
        </Stack>
        {late.isError && <ErrorAlert error={late.error} submit />}
      </Paper>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
        <TextField size="small" type="search" label={t('mgmt.search')} value={search} onChange={(e) => (setSearch(e.target.value), setPage(0))} sx={{ flex: 2 }} slotProps={{ htmlInput: { 'data-testid': 'mgmt-participants-search' } }} />
        <TextField size="small" select label={t('details.category')} value={category} onChange={(e) => (setCategory(e.target.value), setPage(0))} sx={{ flex: 1 }}>
          <MenuItem value="">{t('participants.all')}</MenuItem>
          {players.map((code) => (
            <MenuItem key={code} value={code}>
              {code}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" select label={t('mgmt.enabled')} value={enabled} onChange={(e) => (setEnabled(e.target.value), setPage(0))} sx={{ flex: 1 }}>
          <MenuItem value="">{t('mgmt.any')}</MenuItem>
          <MenuItem value="1">{t('mgmt.yes')}</MenuItem>
          <MenuItem value="0">{t('mgmt.no')}</MenuItem>
        </TextField>
      </Stack>
      {query.isError && <ErrorAlert error={query.error} />}
      {payments.isError && <ErrorAlert error={payments.error} />}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" data-testid="mgmt-participants-table">
          <TableHead>
            <TableRow>
              <TableCell>{header('name', t('participants.name'))}</TableCell>
              <TableCell>{header('category', t('details.category'))}</TableCell>
              <TableCell>{header('ratingFide', t('participants.ratingFide'))}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{header('ratingNational', t('participants.ratingNational'))}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('details.club')}</TableCell>
              <TableCell>{t('mgmt.meals')}</TableCell>
              {payments.data && <TableCell>{t('mgmt.payment')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {(query.data?.items ?? []).map((p) => (
              <TableRow key={p.id} hover sx={{ opacity: p.enabled ? 1 : 0.5 }}>
                <TableCell>
                  <RouterLink to={withKind(`/mgmt/participant_edit?id=${p.id}`, kind)}>
                    {p.lastName} {p.firstName}
                  </RouterLink>
                  {!p.hasPhoto && <Chip size="small" color="warning" label={t('mgmt.noPhoto')} sx={{ ml: 1 }} />}
                  {p.late && <Chip size="small" label={t('mgmt.late')} sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell>{p.category}</TableCell>
                <TableCell>{p.ratingFide ?? '—'}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{p.ratingNational ?? '—'}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{p.clubName}</TableCell>
                <TableCell>{p.mealsCode ?? ''}</TableCell>
                {payments.data && (
                  <TableCell data-testid="participant-payment">
                    <ParticipantPaymentCell request={payments.data.get(String(p.id))} />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={query.data?.total ?? 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[25, 50, 100, 500]}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(e) => (setPageSize(Number(e.target.value)), setPage(0))}
          labelRowsPerPage={t('mgmt.rowsPerPage')}
        />
      </TableContainer>
    </Stack>
  );
}
