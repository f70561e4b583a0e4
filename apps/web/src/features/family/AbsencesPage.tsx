import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AbsenceListQuery, AbsenceRow } from '@bjk/domain/family';
import { hasPermission, useManager } from '../../shared/auth/session';
import { useEdition, useInstantFormat } from '../../shared/edition/useEdition';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { saveBlob } from '../../shared/ui/save-blob';
import { absencesCsv, absencesQuery, markAbsence } from './mgmt-api';

/**
 * `/mgmt/absences`: the families' absence and bye requests per category and round, for the arbiters: mark each one
 * taken into account once it is in the pairing program, or export the list (CSV: pairing number and name).
 */
export function AbsencesPage() {
  const { t } = useTranslation('familyAdmin');
  const edition = useEdition();
  const instant = useInstantFormat();
  const session = useManager();
  const mayMark = hasPermission(session, 'results:write');
  const [params, setParams] = useSearchParams();
  const query: AbsenceListQuery = { category: params.get('category') || undefined, round: params.get('round') ? Number(params.get('round')) : undefined };
  const list = useQuery(absencesQuery(query));
  const client = useQueryClient();
  const mark = useMutation({
    mutationFn: ({ id, noted }: { id: string; noted: boolean }) => markAbsence(id, noted),
    onSuccess: () => client.invalidateQueries({ queryKey: ['mgmt', 'family', 'absences'] }),
  });
  const exportCsv = useMutation({
    mutationFn: () => absencesCsv(query),
    onSuccess: (blob) => saveBlob(blob, ['absences', query.category, query.round ? `r${query.round}` : undefined].filter(Boolean).join('-') + '.csv'),
  });
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const rounds = (edition.familyAbsences?.rounds ?? []).map((r) => r.round).sort((a, b) => a - b);
  const columns: DataColumn<AbsenceRow>[] = [
    { id: 'category', header: t('absences.category'), cell: (row) => row.category },
    { id: 'round', header: t('absences.round'), cell: (row) => row.round },
    { id: 'pairingNumber', header: t('absences.pairingNumber'), cell: (row) => row.pairingNumber ?? '–' },
    { id: 'player', header: t('absences.player'), cell: (row) => row.playerName, primary: true },
    { id: 'request', header: t('absences.request'), cell: (row) => t(`absences.kinds.${row.kind}`) },
    { id: 'remark', header: t('absences.remark'), cell: (row) => row.remark },
    { id: 'asked', header: t('absences.asked'), cell: (row) => instant(row.createdAt, { dateStyle: 'short', timeStyle: 'short' }) },
    {
      id: 'noted',
      header: t('absences.noted'),
      cell: (row) => (
        <>
          <Checkbox
            checked={row.status === 'noted'}
            disabled={!mayMark || mark.isPending}
            onChange={(e) => mark.mutate({ id: row.id, noted: e.target.checked })}
            slotProps={{ input: { 'aria-label': t('absences.markNoted', { name: row.playerName, round: row.round }) } }}
          />
          {row.notedBy && (
            <Typography variant="caption" color="textSecondary">
              {row.notedBy}
            </Typography>
          )}
        </>
      ),
    },
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('absences.title')}</Typography>
      <Typography color="textSecondary">{t('absences.intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('absences.category')}
          value={query.category ?? ''}
          onChange={(e) => set('category', e.target.value)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('absences.all')}</MenuItem>
          {edition.categories.map((c) => (
            <MenuItem key={c.code} value={c.code}>
              {c.code}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('absences.round')}
          value={query.round ? String(query.round) : ''}
          onChange={(e) => set('round', e.target.value)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('absences.all')}</MenuItem>
          {rounds.map((r) => (
            <MenuItem key={r} value={String(r)}>
              {t('absences.roundN', { round: r })}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending} data-testid="absences-export">
          {t('absences.export')}
        </Button>
      </Stack>
      {list.isError && <ErrorAlert error={list.error} />}
      {mark.isError && <ErrorAlert error={mark.error} submit />}
      {exportCsv.isError && <ErrorAlert error={exportCsv.error} submit />}
      {list.data && list.data.items.length === 0 && <Alert severity="info">{t('absences.none')}</Alert>}
      {list.data && list.data.items.length > 0 && (
        <DataTable label={t('absences.title')} columns={columns} rows={list.data.items} rowKey={(row) => row.id} rowTestId={(row) => `absence-${row.id}`} />
      )}
    </Stack>
  );
}
