import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Participant, RegistrationKind } from '@bjk/domain/enrolment';
import { hasPermission, useManager } from '../../shared/auth/session';
import { formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import type { DataColumn } from '../../shared/ui/DataTable';
import { PagedTable } from '../../shared/ui/PagedTable';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { choices } from '../../shared/ui/ListFilter';
import { SelectField } from '../../shared/forms/SelectField';
import { PaymentRequestCell } from '../../shared/ui/PaymentRequestCell';
import { useListParams } from '../../shared/ui/useListParams';
import { PlayerListFilters } from './PlayerListFilters';
import { KindSwitch, usePlayerCategoryCodes, withKind } from '../../shared/edition/kind';
import {
  addLateParticipant,
  download,
  importRegistrations,
  participantPaymentsQuery,
  participantsQuery,
  refreshRatings,
  type ParticipantPayment,
} from './mgmt-api';
import { PageHeader } from '../../shared/ui/PageHeader';
import { KeyedByKind, categoryColumn, clubColumn, nameColumn } from './mgmt-lists';

/** A participant's payment request in the list: its number (to its page), status and what is still owed. */
function ParticipantPaymentCell({ request }: { request: ParticipantPayment | undefined }) {
  const { t } = useTranslation('enrolment');
  const outstanding = request ? Math.max(request.totalCents - request.receivedCents, 0) : 0;
  return (
    <PaymentRequestCell request={request} none={t('mgmt.paymentNone')} spacing={1}>
      {request?.status !== 'cancelled' && outstanding > 0 && (
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('mgmt.outstanding', { amount: formatMoney(outstanding, currentLanguage()) })}
        </Typography>
      )}
    </PaymentRequestCell>
  );
}

/** `/mgmt/participants[?kind=vk]`: the start list, with the import of confirmed registrations and late additions. */
export function ParticipantsPage() {
  // Keyed by kind: switching championship starts from a clean search, filters and paging.
  return <KeyedByKind body={ParticipantList} />;
}

function ParticipantList({ kind }: { kind: RegistrationKind }) {
  const { t } = useTranslation('enrolment');
  const players = usePlayerCategoryCodes(kind);
  // Payments are shown to managers who may read them (the desk of the start list may not).
  const mayReadPayments = hasPermission(useManager(), 'payments:read');
  const payments = useQuery({ ...participantPaymentsQuery(kind), enabled: mayReadPayments });
  const client = useQueryClient();
  const list = useListParams({ pageSize: 50, pageSizes: [25, 50, 100, 500], sort: 'name', dir: 'asc', filters: ['category', 'enabled'] as const });
  const [lateId, setLateId] = useState('');
  const [lateCategory, setLateCategory] = useState('');
  const query = useQuery(participantsQuery(kind, list.query));
  const refresh = () => void client.invalidateQueries({ queryKey: ['enrolment', 'participants'] });
  const importing = useMutation({ mutationFn: () => importRegistrations(kind), onSuccess: refresh });
  const late = useMutation({ mutationFn: () => addLateParticipant(kind, Number(lateId), lateCategory), onSuccess: () => (setLateId(''), refresh()) });
  const ratings = useMutation({ mutationFn: () => refreshRatings(kind), onSuccess: refresh });

  const columns: DataColumn<Participant>[] = [
    nameColumn<Participant>(
      t('participants.name'),
      (p) => withKind(`/mgmt/participant_edit?id=${p.id}`, kind),
      (p) => (
        <>
          {!p.hasPhoto && <Chip size="small" color="warning" label={t('mgmt.noPhoto')} sx={{ ml: 1 }} />}
          {p.late && <Chip size="small" label={t('mgmt.late')} sx={{ ml: 1 }} />}
        </>
      ),
    ),
    categoryColumn(t('details.category')),
    { id: 'ratingFide', header: t('participants.ratingFide'), sortKey: 'ratingFide', cell: (p) => p.ratingFide ?? '—' },
    { id: 'ratingNational', header: t('participants.ratingNational'), sortKey: 'ratingNational', hideBelow: 'md', cell: (p) => p.ratingNational ?? '—' },
    clubColumn(t('details.club')),
    { id: 'meals', header: t('mgmt.meals'), cell: (p) => p.mealsCode ?? '' },
  ];
  if (payments.data) {
    const requests = payments.data;
    columns.push({
      id: 'payment',
      header: t('mgmt.payment'),
      cell: (p) => (
        <span data-testid="participant-payment">
          <ParticipantPaymentCell request={requests.get(String(p.id))} />
        </span>
      ),
    });
  }

  return (
    <Stack spacing={2}>
      <PageHeader title={t('mgmt.participants')} gap={1}>
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
      </PageHeader>
      {importing.isSuccess && (
        <Alert severity="success" data-testid="participants-import-result">
          {t('mgmt.importResult', importing.data)}
        </Alert>
      )}
      {ratings.isSuccess && <Alert severity="success">{t('mgmt.ratingsResult', ratings.data)}</Alert>}
      {(importing.isError || ratings.isError) && <ErrorAlert error={importing.error ?? ratings.error} />}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={(e) => (e.preventDefault(), late.mutate())} noValidate>
          <TextField
            size="small"
            label={t('lookup.idbel')}
            value={lateId}
            onChange={(e) => setLateId(e.target.value.replace(/\D/g, ''))}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <SelectField
            size="small"
            label={t('details.category')}
            value={lateCategory}
            onChange={(e) => setLateCategory(e.target.value)}
            sx={{ minWidth: 140 }}
            options={choices(players, (code) => code)}
          />
          <Button type="submit" variant="outlined" disabled={!lateId || !lateCategory || late.isPending}>
            {t('mgmt.addLate')}
          </Button>
        </Stack>
        {late.isError && <ErrorAlert error={late.error} submit />}
      </Paper>
      <PlayerListFilters list={list} categories={players} searchTestId="mgmt-participants-search" />
      {payments.isError && <ErrorAlert error={payments.error} />}
      <PagedTable label={t('mgmt.participants')} columns={columns} query={query} list={list} testId="mgmt-participants-table" />
    </Stack>
  );
}
