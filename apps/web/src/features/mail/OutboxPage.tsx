import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIL_STATUSES, type MailStatus, type OutboxEntry } from '@bjk/domain/mail';
import { hasPermission, useManager } from '../../shared/auth/session';
import { useInstantFormat } from '../../shared/edition/useEdition';
import type { DataColumn } from '../../shared/ui/DataTable';
import { ListFilter, ListSearch, choices } from '../../shared/ui/ListFilter';
import { PagedTable } from '../../shared/ui/PagedTable';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { useListParams } from '../../shared/ui/useListParams';
import { mailKeys, outboxMailQuery, outboxQuery, resendMail } from './api';

/** Date and time in a list's column and the preview's line: short, in the chosen language and the edition's zone. */
const SHORT: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

const COLORS: Record<MailStatus, 'default' | 'info' | 'success' | 'error'> = { queued: 'default', sending: 'info', sent: 'success', failed: 'error' };

function MailPreview({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('mail');
  const formatInstant = useInstantFormat();
  const client = useQueryClient();
  const session = useManager();
  const mail = useQuery(outboxMailQuery(id));
  const resend = useMutation({
    mutationFn: () => resendMail(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: mailKeys.all }),
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{mail.data?.subject ?? t('loading')}</DialogTitle>
      <DialogContent>
        {mail.isError && <ErrorAlert error={mail.error} />}
        {mail.data && (
          <Stack spacing={1}>
            <Typography variant="body2">
              {t('to')}: {mail.data.to.join(', ')}
            </Typography>
            <Typography variant="body2">
              {t(`statuses.${mail.data.status}`)} · {t('attempts', { count: mail.data.attempts })}
              {mail.data.sentAt ? ` · ${formatInstant(mail.data.sentAt, SHORT)}` : ''}
            </Typography>
            {mail.data.lastError && (
              <Typography color="error" variant="body2">
                {mail.data.lastError}
              </Typography>
            )}
            {/* The mail's own HTML, isolated: no scripts, no access to this page. */}
            <Box
              component="iframe"
              title={t('preview')}
              sandbox=""
              srcDoc={mail.data.html}
              sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}
              data-testid="mail-preview"
            />
            <Box
              component="pre"
              sx={{ whiteSpace: 'pre-wrap', fontSize: '0.8rem', bgcolor: 'grey.100', p: 1, borderRadius: 1, maxHeight: 200, overflow: 'auto' }}
            >
              {mail.data.text}
            </Box>
          </Stack>
        )}
        {resend.isError && <ErrorAlert error={resend.error} submit />}
      </DialogContent>
      <DialogActions>
        {hasPermission(session, 'mail:write') && (
          <Button onClick={() => resend.mutate()} disabled={resend.isPending || resend.isSuccess}>
            {resend.isSuccess ? t('requeued') : t('resend')}
          </Button>
        )}
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** `/mgmt/mail`: every e-mail the site sent or will send, with its status, and a resend. */
export function OutboxPage() {
  const { t } = useTranslation('mail');
  const formatInstant = useInstantFormat();
  const list = useListParams({ pageSizes: [25, 50, 100], filters: ['status'] as const });
  const [open, setOpen] = useState<number | null>(null);
  const outbox = useQuery(outboxQuery(list.query));
  const columns: DataColumn<OutboxEntry>[] = [
    {
      id: 'subject',
      header: t('subject'),
      cell: (m) => (
        <Link component="button" type="button" onClick={() => setOpen(m.id)} sx={{ textAlign: 'left' }}>
          {m.subject}
        </Link>
      ),
    },
    { id: 'to', header: t('to'), cell: (m) => <Box sx={{ overflowWrap: 'anywhere' }}>{m.to.join(', ')}</Box> },
    { id: 'status', header: t('status'), cell: (m) => <Chip size="small" color={COLORS[m.status]} label={t(`statuses.${m.status}`)} /> },
    { id: 'created', header: t('created'), hideBelow: 'md', cell: (m) => formatInstant(m.createdAt, SHORT) },
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('title')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <ListSearch list={list} size="small" label={t('search')} sx={{ flex: 2 }} />
        <ListFilter
          list={list}
          name="status"
          size="small"
          label={t('status')}
          all={t('all')}
          options={choices(MAIL_STATUSES, (s) => t(`statuses.${s}`))}
          sx={{ flex: 1 }}
        />
      </Stack>
      <PagedTable label={t('title')} columns={columns} query={outbox} list={list} testId="outbox-table" />
      {open !== null && <MailPreview id={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
