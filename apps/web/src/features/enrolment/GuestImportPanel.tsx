import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuestImportLine, GuestImportResult } from '@bjk/domain/guest-import';
import type { RegistrationKind } from '@bjk/domain/enrolment';
import { useEdition } from '../../shared/edition/useEdition';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { SelectField } from '../../shared/forms/SelectField';
import { TableHeadRow } from '../../shared/ui/TableHeadRow';
import { importGuests } from './mgmt-api';

const STATUS_COLOUR = { new: 'success', existing: 'default', error: 'error' } as const;
/** Columns a phone leaves out (their values go under the name). */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** A choice among the edition's staff categories (guests, arbiters, meals only …), in the language shown. */
export function StaffCategorySelect({
  label,
  value,
  onChange,
  minWidth,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  minWidth: number;
}) {
  const { t } = useTranslation('enrolment');
  const categories = useEdition().categories.filter((c) => c.kind === 'staff');
  return (
    <SelectField
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth }}
      options={categories.map((c) => ({ value: c.code, label: t(`categories.${c.code}`, { defaultValue: c.code }) }))}
    />
  );
}

/**
 * Guest import (issue #28): a CSV or XLSX of guests and meal-eaters. The preview shows every line with its verdict
 * and the reasons of each error, the empty lines counted and the columns not used; importing adds the new lines only
 * (a second upload of the same list adds nothing).
 */
export function GuestImportPanel({ kind }: { kind: RegistrationKind }) {
  const { t } = useTranslation('enrolment');
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [category, setCategory] = useState('EAT');
  const [result, setResult] = useState<GuestImportResult | null>(null);
  const run = useMutation({
    mutationFn: (commit: boolean) => importGuests(kind, file!, category, commit),
    onSuccess: (answer) => {
      setResult(answer);
      if (answer.committed) void client.invalidateQueries({ queryKey: ['enrolment', 'attendees'] });
    },
  });
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    run.reset();
  };
  const errorText = (line: GuestImportLine) =>
    line.errors.map((e) => t(`guestImport.errors.${e.error}`, { field: t(`guestImport.fields.${e.field}`), line: e.otherLine })).join(' · ');

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
          {t('guestImport.title')}
        </Typography>
        <Typography variant="body2">{t('guestImport.help')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          {/* A label, not a button (role left off); the input stays reachable by keyboard, only visually hidden. */}
          <Button component="label" role={undefined} variant="outlined" sx={{ '&:focus-within': { outline: '2px solid', outlineOffset: 2 } }}>
            {file ? file.name : t('guestImport.choose')}
            <input
              style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="guest-import-file"
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
            />
          </Button>
          <StaffCategorySelect label={t('guestImport.defaultCategory')} value={category} onChange={setCategory} minWidth={200} />
          <Button variant="contained" disabled={!file || run.isPending} onClick={() => run.mutate(false)} data-testid="guest-import-preview">
            {t('guestImport.preview')}
          </Button>
        </Stack>
        {run.isError && <ErrorAlert error={run.error} submit />}
        {result && (
          <Stack spacing={1} data-testid="guest-import-result">
            <Typography role="status">
              {t(result.committed ? 'guestImport.imported' : 'guestImport.summary', {
                fresh: result.counts.new,
                existing: result.counts.existing,
                errors: result.counts.error,
                empty: result.counts.empty,
              })}
            </Typography>
            {result.ignoredColumns.length > 0 && (
              <Alert severity="warning">{t('guestImport.ignoredColumns', { columns: result.ignoredColumns.join(', ') })}</Alert>
            )}
            {!result.committed && (
              <div>
                <Button
                  variant="contained"
                  color="success"
                  disabled={result.counts.new === 0 || run.isPending}
                  onClick={() => run.mutate(true)}
                  data-testid="guest-import-commit"
                >
                  {t('guestImport.commit', { count: result.counts.new })}
                </Button>
              </div>
            )}
            <TableContainer sx={{ maxHeight: 480 }}>
              <Table size="small" stickyHeader aria-label={t('guestImport.title')}>
                <TableHeadRow
                  cells={[
                    { label: t('guestImport.line'), sx: WIDE_ONLY },
                    t('participants.name'),
                    { label: t('details.category'), sx: WIDE_ONLY },
                    t('guestImport.verdict'),
                  ]}
                />
                <TableBody>
                  {result.lines.map((line) => (
                    <TableRow key={line.line} data-testid={`guest-import-line-${line.line}`}>
                      <TableCell sx={WIDE_ONLY}>{line.line}</TableCell>
                      <TableCell sx={{ overflowWrap: 'break-word' }}>
                        {line.lastName} {line.firstName}
                        {/* On a phone the line number and category go under the name: two columns fit 390 px. */}
                        <Typography variant="body2" color="textSecondary" sx={{ display: { sm: 'none' } }}>
                          {t('guestImport.line')} {line.line}
                          {line.category ? ` · ${line.category}` : ''}
                        </Typography>
                      </TableCell>
                      <TableCell sx={WIDE_ONLY}>{line.category}</TableCell>
                      <TableCell>
                        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                          <Chip size="small" color={STATUS_COLOUR[line.status]} label={t(`guestImport.statuses.${line.status}`)} />
                          {line.errors.length > 0 && (
                            <Typography variant="body2" color="error">
                              {errorText(line)}
                            </Typography>
                          )}
                        </Stack>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
