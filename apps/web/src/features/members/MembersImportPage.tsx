import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberImportFormat, MemberImportResult } from '@bjk/domain/members';
import { useManager } from '../../shared/auth/session';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { memberCountQuery, membersKeys, uploadWithProgress } from './api';

type Upload =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'processing' }
  | { phase: 'done'; result: MemberImportResult }
  | { phase: 'failed'; error: unknown };

/** `/mgmt/members`: the member registry the enrolment wizard looks players up in. */
export function MembersImportPage() {
  const { t } = useTranslation('members');
  const session = useManager();
  const client = useQueryClient();
  const count = useQuery(memberCountQuery());
  const [format, setFormat] = useState<MemberImportFormat>('csv');
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<Upload>({ phase: 'idle' });

  const start = async () => {
    if (!file || !session) return;
    setUpload({ phase: 'uploading', percent: 0 });
    try {
      const result = await uploadWithProgress(file, format, session.token, (percent) =>
        setUpload(percent >= 100 ? { phase: 'processing' } : { phase: 'uploading', percent }),
      );
      setUpload({ phase: 'done', result });
      void client.invalidateQueries({ queryKey: membersKeys.all });
    } catch (error) {
      setUpload({ phase: 'failed', error });
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('title')}</Typography>
      {count.data && <Typography data-testid="members-count">{t('count', count.data)}</Typography>}
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
            <Button
              variant="contained"
              disabled={!file || upload.phase === 'uploading' || upload.phase === 'processing'}
              onClick={() => void start()}
              data-testid="members-import"
            >
              {t('import')}
            </Button>
          </Stack>
          {upload.phase === 'uploading' && (
            <Stack spacing={0.5}>
              <Typography variant="body2">{t('uploading', { percent: upload.percent })}</Typography>
              <LinearProgress variant="determinate" value={upload.percent} aria-label={t('uploadProgress')} />
            </Stack>
          )}
          {upload.phase === 'processing' && (
            <Stack spacing={0.5}>
              <Typography variant="body2">{t('processing')}</Typography>
              <LinearProgress aria-label={t('processing')} />
            </Stack>
          )}
          {upload.phase === 'failed' && <ErrorAlert error={upload.error} submit />}
          {upload.phase === 'done' && (
            <Stack spacing={1}>
              <Alert severity={upload.result.rejected > 0 ? 'warning' : 'success'} data-testid="members-result">
                {t('result', { ...upload.result, seconds: (upload.result.durationMs / 1000).toFixed(1) })}
              </Alert>
              {upload.result.rejections.length > 0 && (
                <Paper variant="outlined" sx={{ p: 1, maxHeight: 240, overflow: 'auto', fontFamily: 'monospace', fontSize: '0.85rem' }}>
                  {upload.result.rejections.map((r) => (
                    <div key={r.line}>{t('rejection', r)}</div>
                  ))}
                </Paper>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
