import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDateTime, formatNumber } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { dashboardKeys, interruptedJobsQuery, resumeJob } from './api';

/**
 * Bulk jobs (payment requests created or mailed, print jobs) a stopped server left unfinished, of the kinds the
 * manager may resume: each with its progress and a "resume" button that does the rest (nothing twice).
 */
export function InterruptedJobs() {
  const { t } = useTranslation('dashboard');
  const client = useQueryClient();
  const settings = useEdition();
  const { data } = useQuery(interruptedJobsQuery());
  const language = currentLanguage();
  const resume = useMutation({
    mutationFn: resumeJob,
    onSettled: () => client.invalidateQueries({ queryKey: dashboardKeys.interruptedJobs }),
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
              <Button
                size="small"
                variant="outlined"
                color="inherit"
                disabled={resume.isPending}
                onClick={() => resume.mutate(job)}
                data-testid={`resume-job-${job.id}`}
              >
                {t('interrupted.resume')}
              </Button>
            }
          >
            <ListItemText
              sx={{ pr: 12 }}
              // Actions are `create:<source kind>`, `send` or a print document (':' would read as an i18next namespace).
              primary={t(`interrupted.kinds.${job.kind}`, {
                action: t(`interrupted.actions.${job.kind}.${job.action.replace(':', '_')}`, { defaultValue: job.action }),
              })}
              secondary={t('interrupted.progress', {
                done: formatNumber(job.done, language),
                total: formatNumber(job.total, language),
                startedAt: formatDateTime(job.startedAt, language, settings.timeZone),
              })}
            />
          </ListItem>
        ))}
      </List>
      {resume.isError && <ErrorAlert error={resume.error} />}
    </Alert>
  );
}
