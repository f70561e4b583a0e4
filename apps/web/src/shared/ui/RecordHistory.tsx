import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@bjk/domain/audit';
import { hasPermission, useManager } from '../auth/session';
import { useEdition } from '../edition/useEdition';
import { formatDateTime } from '../format';
import { currentLanguage } from '../i18n';
import { historyQuery } from './api';
import { ErrorAlert } from './ErrorAlert';

type Props = {
  /** The audited record, as its area records it: `recordAudit(tx, { subjectType, subjectId, … })`. */
  subjectType: string;
  subjectId: string | number;
  /** The edition's time zone unless given (the settings page shows the one being edited). */
  timeZone?: string;
};

/** `{ before, after }` of an entry as "field: old → new" lines (only the fields the entry kept). */
export function describeChanges(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const show = (value: unknown) => (value === undefined ? '–' : typeof value === 'string' ? value : JSON.stringify(value));
  if (typeof before !== 'object' || typeof after !== 'object') return [`${show(entry.before)} → ${show(entry.after)}`];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`);
}

/**
 * The history of one record (who changed what, when), for any edit page of the back office:
 * `<RecordHistory subjectType="reservation" subjectId={id} />`. Loaded when opened; hidden for
 * managers without `audit:read`.
 */
export function RecordHistory({ subjectType, subjectId, timeZone: shownTimeZone }: Props) {
  const { t } = useTranslation('common');
  const edition = useEdition();
  const timeZone = shownTimeZone ?? edition.timeZone;
  const session = useManager();
  const [open, setOpen] = useState(false);
  const query = useQuery({ ...historyQuery(subjectType, subjectId), enabled: open });
  if (!hasPermission(session, 'audit:read')) return null;
  const language = currentLanguage();
  return (
    <Accordion variant="outlined" expanded={open} onChange={(_, expanded) => setOpen(expanded)} data-testid="record-history">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography component="span">{t('history.title')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        {query.isError && <ErrorAlert error={query.error} />}
        {query.isPending && open && <Typography color="textSecondary">{t('loading')}</Typography>}
        {query.data && query.data.items.length === 0 && <Typography color="textSecondary">{t('history.empty')}</Typography>}
        {query.data && query.data.items.length > 0 && (
          <List dense disablePadding>
            {query.data.items.map((entry) => (
              <ListItem key={entry.id} disableGutters divider alignItems="flex-start">
                <ListItemText
                  primary={t('history.entry', {
                    at: formatDateTime(entry.at, language, timeZone),
                    actor: entry.actorEmail ?? t('history.system'),
                    action: entry.action,
                  })}
                  secondary={describeChanges(entry).join(' · ') || undefined}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
