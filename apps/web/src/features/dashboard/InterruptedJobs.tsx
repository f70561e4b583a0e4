import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InterruptedJob } from '@bjk/domain/system';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDateTime } from '../../shared/format';
import { http } from '../../shared/http';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';

const interruptedJobsQuery = { queryKey: ['mgmt', 'jobs', 'interrupted'], queryFn: () => http.get<InterruptedJob[]>('/api/v1/jobs/interrupted') };

/**
 * Bulk jobs (payment requests created or mailed, print jobs) a stopped server left unfinished, of the kinds the
 * manager may resume: each with its progress and a "resume" button that does the rest (nothing twice).
 */
export function InterruptedJobs() {
  const { t } = useTranslation('dashboard');
  const client = useQueryClient();
  const settings = useEdition();
  const { data } = useQuery(interruptedJobsQuery);
  const resume = useMutation({
    mutationFn: (job: InterruptedJob) => http.post<null>(`/api/v1/jobs/${job.kind}/${job.id}/resume`),
    onSettled: () => client.invalidateQueries({ queryKey: interruptedJobsQuery.queryKey }),
  });
  if (!data || data.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="interrupted-jobs">
      <AlertTitle>{t('interrupted.title')}</AlertTitle>
      {t('interrupted.explain')}
      <List dense disablePadding>
        {data.map((job) => (
          <ListItem
            key={job.id}
            disableGutters
            data-testid={`interrupted-job-${job.id}`}
            secondaryAction={
              <Button size="small" variant="outlined" color="inherit" disabled={resume.isPending} onClick={() => resume.mutate(job)} data-testid={`resume-job-${job.id}`}>
                {t('interrupted.resume')}
              </Button>
            }
          >
            <ListItemText
              sx={{ pr: 12 }}
              primary={t(`interrupted.kinds.${job.kind}`, { action: job.action })}
              secondary={t('interrupted.progress', { done: job.done, total: job.total, startedAt: formatDateTime(job.startedAt, currentLanguage(), settings.timeZone) })}
            />
          </ListItem>
        ))}
      </List>
      {resume.isError && <ErrorAlert error={resume.error} />}
    </Alert>
  );
}
