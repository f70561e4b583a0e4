import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentJob, PaymentRequestKind } from '@bjk/domain/payments';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { paymentsApi } from './api';

/** A running job's progress, polled until it finishes; the list refreshes then. */
function JobProgress({ job }: { job: PaymentJob }) {
  const { t } = useTranslation('payments');
  const client = useQueryClient();
  const { data = job } = useQuery({
    queryKey: ['payments', 'job', job.id],
    queryFn: () => paymentsApi.job(job.id),
    initialData: job,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 500 : false),
  });
  const finished = data.state !== 'running';
  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: ['payments', 'list'] });
  }, [finished, client]);
  const percent = data.total === 0 ? 100 : Math.round(((data.done + data.failed) / data.total) * 100);
  return (
    <Box data-testid="job-progress" data-state={data.state}>
      <LinearProgress variant="determinate" value={percent} aria-label={t('bulk.progress')} />
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t(`bulk.${data.action}Progress`, { done: data.done, total: data.total, failed: data.failed })}
      </Typography>
      {data.state === 'interrupted' && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('bulk.interrupted')}
        </Alert>
      )}
      {finished && data.failed > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('bulk.failures', { failed: data.failed, codes: [...new Set(data.errors.map((e) => e.code))].join(', ') })}
        </Alert>
      )}
    </Box>
  );
}

const KINDS: PaymentRequestKind[] = ['stay', 'participant_bjk', 'participant_vk'];

/** Creates the missing requests of a kind, or sends every unsent one, as one job of any size. */
export function BulkActions() {
  const { t } = useTranslation('payments');
  const [job, setJob] = useState<PaymentJob | null>(null);
  const create = useMutation({ mutationFn: paymentsApi.startBulkCreate, onSuccess: setJob });
  const send = useMutation({ mutationFn: paymentsApi.startBulkSend, onSuccess: setJob });
  const error = create.error ?? send.error;
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {KINDS.map((kind) => (
          <Button key={kind} variant="outlined" onClick={() => create.mutate(kind)} disabled={create.isPending} data-testid={`bulk-create-${kind}`}>
            {t(`bulk.create.${kind}`)}
          </Button>
        ))}
        <Button variant="contained" onClick={() => send.mutate()} disabled={send.isPending} data-testid="bulk-send">
          {t('bulk.send')}
        </Button>
      </Stack>
      {error && <ErrorAlert error={error} submit />}
      {job && <JobProgress key={job.id} job={job} />}
    </Stack>
  );
}
