import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankMovementView, StatementImportSummary } from '@bjk/domain/payments';
import { formatDate, formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { FileButton } from '../../shared/ui/FileButton';
import { paymentsApi, unmatchedQuery } from './api';

function LinkMovement({ movement }: { movement: BankMovementView }) {
  const { t } = useTranslation('payments');
  const client = useQueryClient();
  const [number, setNumber] = useState('');
  const [notFound, setNotFound] = useState(false);
  const link = useMutation({
    mutationFn: async () => {
      const request = await paymentsApi.findByNumber(Number(number));
      if (!request) {
        setNotFound(true);
        return null;
      }
      setNotFound(false);
      return paymentsApi.linkMovement(movement.id, request.id);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['payments'] }),
  });
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        size="small"
        label={t('statement.requestNumber')}
        value={number}
        onChange={(event) => setNumber(event.target.value.replace(/\D/g, ''))}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `link-number-${movement.id}` } }}
        error={notFound}
        helperText={notFound ? t('statement.noSuchRequest') : undefined}
        sx={{ width: 130 }}
      />
      <Button size="small" variant="outlined" disabled={!number || link.isPending} onClick={() => link.mutate()}>
        {t('statement.link')}
      </Button>
      {link.error && <ErrorAlert error={link.error} submit />}
    </Stack>
  );
}

/** Bank credits no request claimed: a manager links each to the request it pays. */
export function UnmatchedMovements() {
  const { t } = useTranslation('payments');
  const language = currentLanguage();
  const { data = [], error } = useQuery(unmatchedQuery);
  if (error) return <ErrorAlert error={error} />;
  if (data.length === 0) return <Typography color="textSecondary">{t('statement.noUnmatched')}</Typography>;
  const columns: DataColumn<BankMovementView>[] = [
    { id: 'date', header: t('statement.date'), cell: (m) => formatDate(m.bookingDate, language, { dateStyle: 'short' }) },
    { id: 'amount', header: t('columns.amount'), align: 'right', cell: (m) => formatMoney(m.amountCents, language) },
    { id: 'counterparty', header: t('statement.counterparty'), cell: (m) => m.counterpartyName ?? '' },
    {
      id: 'communication',
      header: t('statement.communication'),
      cell: (m) => <Box sx={{ overflowWrap: 'anywhere' }}>{m.structuredMessage ?? m.communication ?? ''}</Box>,
    },
    { id: 'link', header: t('statement.link'), cell: (m) => <LinkMovement movement={m} /> },
  ];
  // Inside the section's own outlined box: no second border.
  return <DataTable label={t('statement.unmatched')} columns={columns} rows={data} rowKey={(m) => m.id} testId="unmatched-table" sx={{ border: 0 }} />;
}

function Summary({ summary }: { summary: StatementImportSummary }) {
  const { t } = useTranslation('payments');
  const language = currentLanguage();
  return (
    <Box data-testid="statement-summary">
      <Alert severity={summary.alreadyImported ? 'info' : 'success'}>
        {summary.alreadyImported
          ? t('statement.alreadyImported', { file: summary.fileName })
          : t('statement.imported', {
              file: summary.fileName,
              movements: summary.movements,
              amount: formatMoney(summary.matchedCents, language),
              skipped: summary.skipped,
            })}
      </Alert>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {Object.entries(summary.counts).map(([outcome, count]) => (
          <Chip key={outcome} label={`${t(`outcome.${outcome}`)}: ${count}`} data-testid={`outcome-${outcome}`} />
        ))}
      </Stack>
    </Box>
  );
}

/** Upload of a CODA or camt.053 file with what the import matched, then the unmatched list. */
export function StatementImport() {
  const { t } = useTranslation('payments');
  const client = useQueryClient();
  const upload = useMutation({
    mutationFn: paymentsApi.importStatement,
    onSuccess: () => client.invalidateQueries({ queryKey: ['payments'] }),
  });
  return (
    <Stack spacing={2}>
      <Box>
        <FileButton
          label={t('statement.upload')}
          accept=".cod,.coda,.txt,.xml,.cod2"
          testId="statement-file"
          disabled={upload.isPending}
          onFile={(file) => upload.mutate(file)}
        />
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          {t('statement.hint')}
        </Typography>
      </Box>
      {upload.error && <ErrorAlert error={upload.error} submit />}
      {upload.data && <Summary summary={upload.data} />}
      <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
        {t('statement.unmatched')}
      </Typography>
      <UnmatchedMovements />
    </Stack>
  );
}
