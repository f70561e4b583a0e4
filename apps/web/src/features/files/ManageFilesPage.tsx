import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FILE_BYTES, type StoredFile } from '@bjk/domain/files';
import { LANGUAGES } from '@bjk/domain/languages';
import { useManager } from '../../shared/auth/session';
import { currentLanguage } from '../../shared/i18n';
import { RecordTable } from '../../shared/forms/RecordTable';
import { SelectField } from '../../shared/forms/SelectField';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { deleteFile, displayNameIn, filesKeys, forgetPublicFiles, formatSize, mgmtFilesQuery, mgmtGroupsQuery, publicFileUrl, sendUpload } from './api';

type UploadState = { progress: number } | { error: string } | { done: StoredFile } | null;

/** `/mgmt/files`: upload documents, images and spreadsheets into groups; public groups are on the site. */
export function ManageFilesPage() {
  const { t, i18n } = useTranslation('files');
  const language = currentLanguage();
  const session = useManager();
  const queryClient = useQueryClient();
  const [group, setGroup] = useState('docs');
  const [upload, setUpload] = useState<UploadState>(null);
  const groups = useQuery(mgmtGroupsQuery);
  const files = useQuery(mgmtFilesQuery(group));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const source = new FormData(event.currentTarget);
    const file = source.get('file');
    if (!(file instanceof File) || file.size === 0 || !session) return;
    if (file.size > MAX_FILE_BYTES) {
      setUpload({ error: 'files.too_large' });
      return;
    }
    const form = new FormData();
    form.append('group', group);
    for (const l of LANGUAGES) {
      const name = String(source.get(`displayName_${l}`) ?? '').trim();
      if (name) form.append(`displayName_${l}`, name);
    }
    form.append('file', file);
    setUpload({ progress: 0 });
    sendUpload(session.token, form, (progress) => setUpload({ progress })).then(
      (done) => {
        setUpload({ done });
        void queryClient.invalidateQueries({ queryKey: filesKeys.mgmt });
        forgetPublicFiles();
      },
      (error: Error) => setUpload({ error: error.message }),
    );
  };

  const remove = async (file: StoredFile) => {
    await deleteFile(file);
    void queryClient.invalidateQueries({ queryKey: filesKeys.mgmt });
    forgetPublicFiles();
  };

  const errorText = (code: string) => (i18n.exists(`codes.${code}`, { ns: 'errors' }) ? t(`codes.${code}`, { ns: 'errors' }) : t('mgmt.uploadFailed'));
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('mgmt.title')}</Typography>
      {groups.isError && <ErrorAlert error={groups.error} />}
      <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }}>
        <Stack spacing={2}>
          <SelectField
            label={t('mgmt.group')}
            value={group}
            onChange={(e) => setGroup(e.target.value)}
            sx={{ maxWidth: 320 }}
            options={(groups.data ?? []).map((g) => ({
              value: g.code,
              label: `${displayNameIn(g.label, language, g.code)} (${g.public ? t('mgmt.public') : t('mgmt.private')})`,
            }))}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {LANGUAGES.map((l) => (
              <TextField key={l} name={`displayName_${l}`} label={t('mgmt.displayName', { language: l.toUpperCase() })} size="small" />
            ))}
          </Box>
          <input type="file" name="file" aria-label={t('mgmt.file')} accept=".pdf,.png,.jpg,.jpeg,.gif,.webp,.xlsx,.xls,.ods,.csv" data-testid="file-input" />
          <Typography variant="caption" color="textSecondary">
            {t('mgmt.limits', { size: formatSize(MAX_FILE_BYTES, language) })}
          </Typography>
          <Box>
            <Button type="submit" variant="contained" disabled={upload !== null && 'progress' in upload} data-testid="file-upload">
              {t('mgmt.upload')}
            </Button>
          </Box>
          {upload && 'progress' in upload && <LinearProgress variant="determinate" value={Math.round(upload.progress * 100)} aria-label={t('mgmt.progress')} />}
          {upload && 'error' in upload && <Alert severity="error">{errorText(upload.error)}</Alert>}
          {upload && 'done' in upload && (
            <Alert severity="success" data-testid="file-uploaded">
              {t('mgmt.uploaded', { name: upload.done.name })}
            </Alert>
          )}
        </Stack>
      </Paper>
      <RecordTable testId="files-table" headers={[t('mgmt.name'), t('mgmt.size')]} actionsLabel={t('mgmt.actions')}>
        {(files.data ?? []).map((file) => (
          <TableRow key={file.name}>
            <TableCell>
              <a href={publicFileUrl(file)}>{displayNameIn(file.displayName, language, file.name)}</a>
              <Typography variant="caption" component="div" color="textSecondary">
                {file.name}
              </Typography>
            </TableCell>
            <TableCell>{formatSize(file.size, language)}</TableCell>
            <TableCell align="right">
              <Button size="small" color="error" onClick={() => void remove(file)}>
                {t('mgmt.delete')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </RecordTable>
    </Stack>
  );
}
