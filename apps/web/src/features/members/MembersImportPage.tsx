import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import type { Language } from '@bjk/domain/languages';
import type { MemberImportFormat, MemberImportJob } from '@bjk/domain/members';
import { useManager } from '../../shared/auth/session';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDateTime, formatNumber } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { memberCountQuery, memberImportQuery, membersKeys, recentMemberImportsQuery, uploadWithProgress } from './api';

/** The upload (the browser sends the file); then the server's import job, followed until it ends. */
type Upload =
  { phase: 'idle' } | { phase: 'uploading'; percent: number } | { phase: 'stored' } | { phase: 'job'; id: string } | { phase: 'failed'; error: unknown };

/** `/mgmt/members`: the member registry the enrolment wizard looks players up in. */
export function MembersImportPage() {
  const { t } = useTranslation('members');
  const session = useManager();
  const client = useQueryClient();
  const count = useQuery(memberCountQuery());
  const [format, setFormat] = useState<MemberImportFormat>('csv');
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<Upload>({ phase: 'idle' });
  const job = useQuery({ ...memberImportQuery(upload.phase === 'job' ? upload.id : ''), enabled: upload.phase === 'job' });
  const busy = upload.phase === 'uploading' || upload.phase === 'stored' || job.data?.status === 'queued' || job.data?.status === 'running';
  const ended = job.data?.status === 'done' || job.data?.status === 'failed';

  // An ended import changed the registry (and the list of imports).
  useEffect(() => {
    if (ended) void client.invalidateQueries({ queryKey: membersKeys.all, predicate: (q) => q.queryKey[2] === undefined });
  }, [ended, client]);

  const start = async () => {
    if (!file || !session) return;
    setUpload({ phase: 'uploading', percent: 0 });
    try {
      const started = await uploadWithProgress(file, format, session.token, (percent) =>
        setUpload(percent >= 100 ? { phase: 'stored' } : { phase: 'uploading', percent }),
      );
      client.setQueryData(membersKeys.import(started.id), started);
      setUpload({ phase: 'job', id: started.id });
      void client.invalidateQueries({ queryKey: membersKeys.imports, exact: true });
    } catch (error) {
      setUpload({ phase: 'failed', error });
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('title')}</Typography>
      {count.data && (
        <Typography data-testid="members-count">
          {t('count', {
            total: formatNumber(count.data.total, currentLanguage()),
            withIdbel: formatNumber(count.data.withIdbel, currentLanguage()),
            withIdfide: formatNumber(count.data.withIdfide, currentLanguage()),
          })}
        </Typography>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography>{t('help')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              select
              size="small"
              label={t('format')}
              value={format}
              onChange={(e) => setFormat(e.target.value as MemberImportFormat)}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="csv">{t('formats.csv')}</MenuItem>
              <MenuItem value="fide-txt">{t('formats.fide-txt')}</MenuItem>
              <MenuItem value="fide-xml">{t('formats.fide-xml')}</MenuItem>
            </TextField>
            <Button component="label" variant="outlined">
              {file ? file.name : t('choose')}
              <input
                hidden
                type="file"
                accept=".csv,.txt,.xml,text/csv,text/plain,text/xml"
                data-testid="members-file"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </Button>
            <Button variant="contained" disabled={!file || busy} onClick={() => void start()} data-testid="members-import">
              {t('import')}
            </Button>
          </Stack>
          {upload.phase === 'uploading' && (
            <Stack spacing={0.5}>
              <Typography variant="body2">{t('uploading', { percent: upload.percent })}</Typography>
              <LinearProgress variant="determinate" value={upload.percent} aria-label={t('uploadProgress')} />
            </Stack>
          )}
          {upload.phase === 'stored' && (
            <Stack spacing={0.5}>
              <Typography variant="body2">{t('job.queued')}</Typography>
              <LinearProgress aria-label={t('processing')} />
            </Stack>
          )}
          {upload.phase === 'failed' && <ErrorAlert error={upload.error} submit />}
          {upload.phase === 'job' && job.isError && <ErrorAlert error={job.error} />}
          {upload.phase === 'job' && job.data && <ImportJob job={job.data} />}
        </Stack>
      </Paper>
      <RecentImports />
    </Stack>
  );
}

/** An import's progress while it runs (rows read and written, per batch), then the report: counts and rejected lines. */
function ImportJob({ job }: { job: MemberImportJob }) {
  const { t } = useTranslation('members');
  const language = currentLanguage();
  const numbers = {
    received: formatNumber(job.received, language),
    inserted: formatNumber(job.inserted, language),
    updated: formatNumber(job.updated, language),
    unchanged: formatNumber(job.unchanged, language),
    rejected: formatNumber(job.rejected, language),
  };
  if (job.status === 'queued' || job.status === 'running')
    return (
      <Stack spacing={0.5} data-testid="members-progress">
        <Typography variant="body2">{job.status === 'queued' ? t('job.queued') : t('job.running', numbers)}</Typography>
        <LinearProgress aria-label={t('processing')} />
      </Stack>
    );
  if (job.status === 'interrupted')
    return (
      <Alert severity="warning" data-testid="members-result">
        {t('job.interrupted')}
      </Alert>
    );
  if (job.status === 'failed' || !job.result)
    return (
      <Alert severity="error" data-testid="members-result">
        {t('job.failed')} <ErrorText code={job.error} />
      </Alert>
    );
  const result = job.result;
  return (
    <Stack spacing={1}>
      <Alert severity={result.rejected > 0 ? 'warning' : 'success'} data-testid="members-result">
        {t('result', {
          received: formatNumber(result.received, language),
          inserted: formatNumber(result.inserted, language),
          updated: formatNumber(result.updated, language),
          unchanged: formatNumber(result.unchanged, language),
          rejected: formatNumber(result.rejected, language),
          seconds: formatNumber(result.durationMs / 1000, language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
        })}
      </Alert>
      {result.rejections.length > 0 && (
        <Paper variant="outlined" sx={{ p: 1, maxHeight: 240, overflow: 'auto', fontFamily: 'monospace', fontSize: '0.85rem' }}>
          {result.rejections.map((r) => (
            <div key={r.line}>{t('rejection', r)}</div>
          ))}
        </Paper>
      )}
    </Stack>
  );
}

/** The translated text of a job's error code. */
function ErrorText({ code }: { code: string | null }) {
  const { t } = useTranslation('errors');
  if (!code) return null;
  return <>{t(`codes.${code}`, { defaultValue: code })}</>;
}

/** A file's size in kB below a megabyte, else in MB. */
function fileSize(bytes: number, language: Language): string {
  if (bytes < 1_000_000) return `${formatNumber(Math.max(1, Math.round(bytes / 1000)), language)} kB`;
  return `${formatNumber(bytes / 1_000_000, language, { maximumFractionDigits: 1 })} MB`;
}

/** The latest imports: when, which format, how large, how they ended. */
function RecentImports() {
  const { t } = useTranslation('members');
  const settings = useEdition();
  const language = currentLanguage();
  const { data } = useQuery(recentMemberImportsQuery());
  if (!data || data.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="members-recent">
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('job.recent')}
      </Typography>
      <Stack spacing={0.5}>
        {data.map((job) => (
          <Typography key={job.id} variant="body2">
            {t('job.recentLine', {
              createdAt: formatDateTime(job.createdAt, language, settings.timeZone),
              format: t(`formats.${job.format}`),
              size: fileSize(job.bytes, language),
              status: t(`job.statuses.${job.status}`),
            })}
            {job.status === 'done' && ` · ${t('job.rows', { count: job.received, received: formatNumber(job.received, language) })}`}
          </Typography>
        ))}
      </Stack>
    </Paper>
  );
}
