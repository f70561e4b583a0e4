import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PrintJob } from '@bjk/domain/print';
import { printJobQuery, printQueueQuery } from './api';

/** The print page's jobs: one job's progress, and the queue of every job the server runs or keeps waiting. */

/** Follows one job: progress while it renders, its error when it fails. */
export function useJob(id: string | null) {
  return useQuery({ ...printJobQuery(id ?? ''), enabled: id !== null });
}

/** A failed job's reason: its error code in the reader's language (jobs of older versions stored a message). */
function useJobError(job: PrintJob): string {
  const { t, i18n } = useTranslation('errors');
  if (!job.error) return '';
  return i18n.exists(`codes.${job.error}`, { ns: 'errors' }) ? t(`codes.${job.error}`) : job.error;
}

export function JobProgress({ job }: { job: PrintJob }) {
  const { t } = useTranslation('print');
  const error = useJobError(job);
  if (job.status === 'failed') return <Alert severity="error">{t('job.failed', { error })}</Alert>;
  if (job.status === 'interrupted') return <Alert severity="warning">{t('job.interrupted')}</Alert>;
  if (job.status === 'queued')
    return (
      <Alert severity="info" data-testid="print-queued">
        {t('job.queued', { position: job.queuePosition ?? 1 })}
      </Alert>
    );
  const percent = job.total === 0 ? 100 : Math.round((job.done / job.total) * 100);
  return (
    <Stack spacing={0.5} data-testid="print-progress">
      <LinearProgress variant="determinate" value={percent} aria-label={t('job.progress', { done: job.done, total: job.total })} />
      <Typography variant="body2" color="textSecondary">
        {job.status === 'done' ? t('job.done', { pages: job.pages, count: job.done }) : t('job.progress', { done: job.done, total: job.total })}
      </Typography>
    </Stack>
  );
}

/** Every job the server runs or keeps waiting (one runs at a time): what, for whom, and its place in the queue. */
export function PrintQueue() {
  const { t } = useTranslation('print');
  const queue = useQuery(printQueueQuery());
  if (!queue.data || queue.data.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="print-queue">
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('queue.title')}
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 3 }}>
        {queue.data.map((job) => (
          <Typography component="li" variant="body2" key={job.id}>
            {t(`documents.${job.document}`)}
            {job.createdBy ? ` — ${job.createdBy}` : ''}
            {' — '}
            {job.status === 'running' ? t('job.progress', { done: job.done, total: job.total }) : t('queue.place', { position: job.queuePosition ?? 1 })}
          </Typography>
        ))}
      </Stack>
    </Paper>
  );
}
