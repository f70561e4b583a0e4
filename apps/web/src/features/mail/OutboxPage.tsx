import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MailStatus, OutboxMail, OutboxPage as OutboxPageData } from '@bjk/domain/mail';
import { hasPermission, useManager } from '../../shared/auth/session';
import { http } from '../../shared/http';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';

const COLORS: Record<MailStatus, 'default' | 'info' | 'success' | 'error'> = { queued: 'default', sending: 'info', sent: 'success', failed: 'error' };

function MailPreview({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('mail');
  const client = useQueryClient();
  const session = useManager();
  const mail = useQuery({ queryKey: ['mail', 'outbox', id], queryFn: () => http.get<OutboxMail>(`/api/v1/mail/outbox/${id}`) });
  const resend = useMutation({
    mutationFn: () => http.post(`/api/v1/mail/outbox/${id}/resend`),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['mail'] }),
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
              {mail.data.sentAt ? ` · ${new Date(mail.data.sentAt).toLocaleString()}` : ''}
            </Typography>
            {mail.data.lastError && <Typography color="error" variant="body2">{mail.data.lastError}</Typography>}
            {/* The mail's own HTML, isolated: no scripts, no access to this page. */}
            <Box component="iframe" title={t('preview')} sandbox="" srcDoc={mail.data.html} sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="mail-preview" />
            <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontSize: '0.8rem', bgcolor: 'grey.100', p: 1, borderRadius: 1, maxHeight: 200, overflow: 'auto' }}>
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
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [open, setOpen] = useState<number | null>(null);
  const q = useDeferredValue(search);
  const list = useQuery({
    queryKey: ['mail', 'list', status, q, page, pageSize],
    queryFn: () => http.get<OutboxPageData>('/api/v1/mail/outbox', { query: { status: status || undefined, q: q || undefined, page, pageSize } }),
    refetchInterval: 15_000,
  });
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('title')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField size="small" type="search" label={t('search')} value={search} onChange={(e) => (setSearch(e.target.value), setPage(0))} sx={{ flex: 2 }} />
        <TextField size="small" select label={t('status')} value={status} onChange={(e) => (setStatus(e.target.value), setPage(0))} sx={{ flex: 1 }}>
          <MenuItem value="">{t('all')}</MenuItem>
          {(['queued', 'sending', 'sent', 'failed'] as const).map((s) => (
            <MenuItem key={s} value={s}>
              {t(`statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {list.isError && <ErrorAlert error={list.error} />}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" data-testid="outbox-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('subject')}</TableCell>
              <TableCell>{t('to')}</TableCell>
              <TableCell>{t('status')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('created')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(list.data?.items ?? []).map((m) => (
              <TableRow key={m.id} hover sx={{ cursor: 'pointer' }} onClick={() => setOpen(m.id)}>
                <TableCell>{m.subject}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.to.join(', ')}</TableCell>
                <TableCell>
                  <Chip size="small" color={COLORS[m.status]} label={t(`statuses.${m.status}`)} />
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{new Date(m.createdAt).toLocaleString()}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[25, 50, 100]}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(e) => (setPageSize(Number(e.target.value)), setPage(0))}
          labelRowsPerPage={t('rowsPerPage')}
        />
      </TableContainer>
      {open !== null && <MailPreview id={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
