import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@bjk/domain/audit';
import { hasPermission, useManager } from '../../shared/auth/session';
import { useInstantFormat } from '../../shared/edition/useEdition';
import type { DataColumn } from '../../shared/ui/DataTable';
import { PagedTable } from '../../shared/ui/PagedTable';
import { useListParams } from '../../shared/ui/useListParams';
import { auditListQuery } from './api';
import { describeChanges } from '../../shared/ui/RecordHistory';
import { ListFilter, choices } from '../../shared/ui/ListFilter';

/** The areas whose actions are audited (the prefix of `area.verb`). */
const AREAS = ['accounts', 'edition', 'members', 'enrolment', 'participants', 'lodging', 'payments', 'content', 'files', 'results', 'print', 'mail'] as const;
/** The date range filters, the first and last day shown. */
const DATE_FILTERS = ['from', 'to'] as const;

/** `/mgmt/audit`: every change managers made, newest first, filtered by actor, area and days. */
export function AuditPage() {
  const { t } = useTranslation('audit');
  const session = useManager();
  const formatInstant = useInstantFormat();
  const list = useListParams({ pageSize: 50, pageSizes: [25, 50, 100], filters: ['actor', 'area', 'from', 'to'] as const });
  const { filters } = list;
  const [actorInput, setActorInput] = useState(filters.actor);
  const rangeInvalid = !!filters.from && !!filters.to && filters.from > filters.to;

  // The actor filter is typed: wait for a pause before asking the server.
  useEffect(() => {
    if (actorInput === filters.actor) return;
    const timer = setTimeout(() => list.setFilter('actor', actorInput.trim()), 350);
    return () => clearTimeout(timer);
  });

  const query = useQuery({ ...auditListQuery(list.query), enabled: !rangeInvalid && hasPermission(session, 'audit:read') });
  const columns: DataColumn<AuditEntry>[] = [
    { id: 'when', header: t('columns.when'), cell: (entry) => formatInstant(entry.at) },
    {
      id: 'who',
      header: t('columns.who'),
      cell: (entry) => <Box sx={{ overflowWrap: 'break-word', wordBreak: 'break-word' }}>{entry.actorEmail ?? t('page.system')}</Box>,
    },
    {
      id: 'what',
      header: t('columns.what'),
      cell: (entry) => (
        <Box sx={{ overflowWrap: 'anywhere' }}>
          <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
            {entry.action}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {t('page.subject', { type: entry.subjectType, id: entry.subjectId })}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'changes',
      header: t('columns.changes'),
      hideBelow: 'md',
      cell: (entry) => (
        <Box sx={{ overflowWrap: 'anywhere', maxWidth: 480 }}>
          {describeChanges(entry).map((line) => (
            <Typography key={line} variant="body2">
              {line}
            </Typography>
          ))}
        </Box>
      ),
    },
  ];

  if (!hasPermission(session, 'audit:read')) return <Typography>{t('page.forbidden')}</Typography>;

  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('page.title')}</Typography>
      <Typography color="textSecondary">{t('page.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          useFlexGap
          component="form"
          role="search"
          aria-label={t('page.filters')}
          onSubmit={(e) => e.preventDefault()}
        >
          <TextField label={t('filters.actor')} value={actorInput} onChange={(e) => setActorInput(e.target.value)} size="small" sx={{ flex: 2 }} />
          <ListFilter
            list={list}
            name="area"
            label={t('filters.area')}
            all={t('filters.allAreas')}
            options={choices(AREAS, (area) => t(`areas.${area}`))}
            size="small"
            sx={{ flex: 1, minWidth: 160 }}
          />
          {DATE_FILTERS.map((name) => (
            <TextField
              key={name}
              type="date"
              label={t(`filters.${name}`)}
              value={filters[name]}
              onChange={(e) => list.setFilter(name, e.target.value)}
              size="small"
              error={name === 'to' && rangeInvalid}
              helperText={name === 'to' && rangeInvalid ? t('filters.rangeInvalid') : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
        </Stack>
      </Paper>
      <PagedTable label={t('page.title')} columns={columns} query={query} list={list} rowTestId={() => 'audit-row'} empty={t('page.empty')} />
    </Stack>
  );
}
