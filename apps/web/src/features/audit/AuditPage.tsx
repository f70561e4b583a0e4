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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AuditPage as AuditPageData } from '@bjk/domain/audit';
import { hasPermission, useManager } from '../../shared/auth/session';
import { formatDateTime } from '../../shared/format';
import { http } from '../../shared/http';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { describeChanges } from '../../shared/ui/RecordHistory';

/** The areas whose actions are audited (the prefix of `area.verb`). */
const AREAS = ['accounts', 'edition', 'members', 'enrolment', 'participants', 'lodging', 'payments', 'content', 'files', 'results', 'print', 'mail'] as const;
const PAGE_SIZES = [25, 50, 100];

/** `/mgmt/audit`: every change managers made, newest first, filtered by actor, area and days. */
export function AuditPage() {
  const { t } = useTranslation('audit');
  const session = useManager();
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const filters = {
    actor: params.get('actor') ?? '',
    area: params.get('area') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 50;
  const [actorInput, setActorInput] = useState(filters.actor);
  const rangeInvalid = !!filters.from && !!filters.to && filters.from > filters.to;

  const update = (changes: Record<string, string | number>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === '' || value === undefined) next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  // The actor filter is typed: wait for a pause before asking the server.
  useEffect(() => {
    if (actorInput === filters.actor) return;
    const timer = setTimeout(() => update({ actor: actorInput.trim() }), 350);
    return () => clearTimeout(timer);
  });

  const query = useQuery({
    queryKey: ['mgmt', 'audit', 'list', filters, page, pageSize],
    queryFn: () =>
      http.get<AuditPageData>('/api/v1/audit', {
        query: { actor: filters.actor || undefined, area: filters.area || undefined, from: filters.from || undefined, to: filters.to || undefined, page, pageSize },
      }),
    enabled: !rangeInvalid && hasPermission(session, 'audit:read'),
    placeholderData: keepPreviousData,
  });

  if (!hasPermission(session, 'audit:read')) return <Typography>{t('page.forbidden')}</Typography>;

  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('page.title')}</Typography>
      <Typography color="text.secondary">{t('page.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap component="form" role="search" aria-label={t('page.filters')} onSubmit={(e) => e.preventDefault()}>
          <TextField label={t('filters.actor')} value={actorInput} onChange={(e) => setActorInput(e.target.value)} size="small" sx={{ flex: 2 }} />
          <TextField
            select
            label={t('filters.area')}
            value={filters.area}
            onChange={(e) => update({ area: e.target.value })}
            size="small"
            sx={{ flex: 1, minWidth: 160 }}
          >
            <MenuItem value="">{t('filters.allAreas')}</MenuItem>
            {AREAS.map((area) => (
              <MenuItem key={area} value={area}>
                {t(`areas.${area}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label={t('filters.from')}
            value={filters.from}
            onChange={(e) => update({ from: e.target.value })}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            label={t('filters.to')}
            value={filters.to}
            onChange={(e) => update({ to: e.target.value })}
            size="small"
            error={rangeInvalid}
            helperText={rangeInvalid ? t('filters.rangeInvalid') : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </Paper>
      {query.isError && <ErrorAlert error={query.error} />}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('page.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.when')}</TableCell>
              <TableCell>{t('columns.who')}</TableCell>
              <TableCell>{t('columns.what')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('columns.changes')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {query.data?.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>{t('page.empty')}</TableCell>
              </TableRow>
            )}
            {query.data?.items.map((entry) => (
              <TableRow key={entry.id} data-testid="audit-row" sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ whiteSpace: { md: 'nowrap' } }}>{formatDateTime(entry.at, language, 'Europe/Brussels')}</TableCell>
                <TableCell sx={{ overflowWrap: 'break-word', wordBreak: 'break-word' }}>{entry.actorEmail ?? t('page.system')}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
                    {entry.action}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('page.subject', { type: entry.subjectType, id: entry.subjectId })}
                  </Typography>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, overflowWrap: 'anywhere', maxWidth: 480 }}>
                  {describeChanges(entry).map((line) => (
                    <Typography key={line} variant="body2">
                      {line}
                    </Typography>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={query.data?.total ?? 0}
          page={page - 1}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, next) => update({ page: next + 1 })}
          onRowsPerPageChange={(e) => update({ pageSize: e.target.value })}
          labelRowsPerPage={t('page.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('page.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => t(`page.goTo.${type}`)}
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' } }}
        />
      </TableContainer>
    </Stack>
  );
}
