import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { NewsEntry, NewsInput } from '@bjk/domain/content';
import { dateInTimeZone } from '@bjk/domain/dates';
import { invalidateResources } from '../../shared/data/resource';
import { formatDate } from '../../shared/format';
import { http } from '../../shared/http';
import { currentLanguage } from '../../shared/i18n';
import { ActionsHeaderCell } from '../../shared/ui/ActionsHeaderCell';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { TextsEditor, emptyTexts, toTexts, toTranslations, type Texts } from './TextsEditor';

const TIME_ZONE = 'Europe/Brussels';
const LIST_KEY = ['content', 'mgmt', 'news'] as const;


/** After a change: the managers' list and the public lists (home page, /news) in this tab read again. */
function useNewsChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: LIST_KEY });
    void queryClient.invalidateQueries({ queryKey: ['content', 'news'] });
    invalidateResources('content:news');
  };
}

function PublishedChip({ published }: { published: boolean }) {
  const { t } = useTranslation('contentAdmin');
  return published ? <Chip size="small" color="success" label={t('published')} /> : <Chip size="small" variant="outlined" label={t('draft')} />;
}

/** One entry's editor: its date, publication and texts per language with a live preview. */
function NewsEditor({ entry, onDone }: { entry: NewsEntry | null; onDone: (saved: NewsEntry | null) => void }) {
  const { t } = useTranslation('contentAdmin');
  const changed = useNewsChanged();
  const [date, setDate] = useState(entry?.date ?? dateInTimeZone(new Date(), TIME_ZONE));
  const [published, setPublished] = useState(entry?.published ?? false);
  const [texts, setTexts] = useState<Texts>(entry ? toTexts(entry.translations) : emptyTexts());
  // One key per new entry: a double click or a retry creates it once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const save = useMutation({
    mutationFn: (input: NewsInput) => (entry ? http.put<NewsEntry>(`/api/v1/news/${entry.id}`, input) : http.post<NewsEntry>('/api/v1/news', input, { idempotencyKey })),
    onSuccess: (saved) => {
      changed();
      onDone(saved);
    },
  });
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && texts.nl.title.trim() !== '';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="news-editor" component="section" aria-labelledby="news-editor-heading">
      <Stack spacing={2}>
        <Typography variant="h2" id="news-editor-heading" sx={{ fontSize: '1.4rem' }}>
          {entry ? t('news.editTitle') : t('news.newTitle')}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField type="date" label={t('news.date')} value={date} onChange={(e) => setDate(e.target.value)} required slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'news-date' } }} />
          <FormControlLabel
            control={<Switch checked={published} onChange={(e) => setPublished(e.target.checked)} slotProps={{ input: { 'data-testid': 'news-published' } as object }} />}
            label={published ? t('published') : t('draft')}
          />
        </Stack>
        <TextsEditor texts={texts} onChange={setTexts} testId="news" />
        {save.error && <ErrorAlert error={save.error} submit />}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" disabled={!valid || save.isPending} onClick={() => save.mutate({ date, published, translations: toTranslations(texts) })} data-testid="news-save">
            {t('news.save')}
          </Button>
          <Button onClick={() => onDone(null)}>{t('close')}</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

function DeleteDialog({ entry, onClose }: { entry: NewsEntry; onClose: () => void }) {
  const { t } = useTranslation('contentAdmin');
  const changed = useNewsChanged();
  const language = currentLanguage();
  const remove = useMutation({
    mutationFn: () => http.delete(`/api/v1/news/${entry.id}`),
    onSuccess: () => {
      changed();
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="news-delete-title">
      <DialogTitle id="news-delete-title">{t('news.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('news.deleteText', { title: entry.translations[language]?.title ?? entry.translations.nl.title, date: formatDate(entry.date, language) })}</DialogContentText>
        {remove.error && <ErrorAlert error={remove.error} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button color="error" variant="contained" disabled={remove.isPending} onClick={() => remove.mutate()} data-testid="news-delete-confirm">
          {t('news.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** `/mgmt/news`: the dated news entries, drafts included; write, edit per language, publish, delete. */
export function ManageNewsPage() {
  const { t } = useTranslation('contentAdmin');
  const language = currentLanguage();
  const changed = useNewsChanged();
  const [params, setParams] = useSearchParams();
  const [deleting, setDeleting] = useState<NewsEntry | null>(null);
  const news = useQuery({ queryKey: LIST_KEY, queryFn: () => http.get<NewsEntry[]>('/api/v1/news') });
  const toggle = useMutation({
    mutationFn: (entry: NewsEntry) => http.put<NewsEntry>(`/api/v1/news/${entry.id}`, { date: entry.date, published: !entry.published, translations: entry.translations }),
    onSuccess: changed,
  });
  const selected = params.get('entry');
  const entry = selected && selected !== 'new' ? (news.data?.find((n) => String(n.id) === selected) ?? null) : null;
  const editorOpen = selected === 'new' || entry !== null;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          {t('news.title')}
        </Typography>
        {!editorOpen && (
          <Button variant="contained" onClick={() => setParams({ entry: 'new' })} data-testid="news-new">
            {t('news.new')}
          </Button>
        )}
      </Stack>
      {editorOpen && <NewsEditor key={selected} entry={entry} onDone={() => setParams({})} />}
      {(news.error ?? toggle.error) && <ErrorAlert error={news.error ?? toggle.error} />}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" data-testid="news-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('news.date')}</TableCell>
              <TableCell>{t('title')}</TableCell>
              <TableCell>{t('languages')}</TableCell>
              <TableCell>{t('state')}</TableCell>
              <ActionsHeaderCell label={t('actions')} />
            </TableRow>
          </TableHead>
          <TableBody>
            {news.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>{t('news.none')}</TableCell>
              </TableRow>
            )}
            {(news.data ?? []).map((n) => {
              const title = n.translations[language]?.title ?? n.translations.nl.title;
              return (
                <TableRow key={n.id} data-testid={`news-row-${n.id}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(n.date, language, { dateStyle: 'medium' })}</TableCell>
                  <TableCell>{title}</TableCell>
                  <TableCell>{Object.keys(n.translations).join(' ')}</TableCell>
                  <TableCell>
                    <PublishedChip published={n.published} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setParams({ entry: String(n.id) })} aria-label={t('news.editNamed', { title })}>
                      {t('news.edit')}
                    </Button>
                    <Button size="small" disabled={toggle.isPending} onClick={() => toggle.mutate(n)} data-testid={`news-toggle-${n.id}`}>
                      {n.published ? t('news.unpublish') : t('news.publish')}
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting(n)} aria-label={t('news.deleteNamed', { title })} data-testid={`news-delete-${n.id}`}>
                      {t('news.delete')}
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {deleting && <DeleteDialog entry={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
