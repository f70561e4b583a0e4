import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { NewsEntry, NewsInput } from '@bjk/domain/content';
import { dateInTimeZone } from '@bjk/domain/dates';
import { invalidateResources } from '../../shared/data/resource';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDate } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import type { DataColumn } from '../../shared/ui/DataTable';
import { PagedTable } from '../../shared/ui/PagedTable';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { useListParams } from '../../shared/ui/useListParams';
import { contentKeys, deleteNews, mgmtNewsQuery, saveNews } from './api';
import { TextsEditor, emptyTexts, toTexts, toTranslations, type Texts } from './TextsEditor';
import { randomId } from '../../shared/random-id';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RemovalDialog } from '../../shared/ui/ConfirmDialog';

/** After a change: the managers' list and the public news (home page, /news, an entry; the resource cache) in this tab read again. */
function useNewsChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: contentKeys.mgmtNews });
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
  const { timeZone } = useEdition();
  const [date, setDate] = useState(entry?.date ?? dateInTimeZone(new Date(), timeZone));
  const [published, setPublished] = useState(entry?.published ?? false);
  const [texts, setTexts] = useState<Texts>(entry ? toTexts(entry.translations) : emptyTexts());
  // One key per new entry: a double click or a retry creates it once.
  const [idempotencyKey] = useState(() => randomId());
  const save = useMutation({
    mutationFn: (input: NewsInput) => saveNews(entry?.id ?? null, input, idempotencyKey),
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
          <TextField
            type="date"
            label={t('news.date')}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            required
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'news-date' } }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={published}
                onChange={(e) => setPublished(e.target.checked)}
                slotProps={{ input: { 'data-testid': 'news-published' } as object }}
              />
            }
            label={published ? t('published') : t('draft')}
          />
        </Stack>
        <TextsEditor texts={texts} onChange={setTexts} testId="news" />
        {save.error && <ErrorAlert error={save.error} submit />}
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            disabled={!valid || save.isPending}
            onClick={() => save.mutate({ date, published, translations: toTranslations(texts) })}
            data-testid="news-save"
          >
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
  return (
    <RemovalDialog
      id="news-delete-title"
      title={t('news.deleteTitle')}
      text={t('news.deleteText', { title: entry.translations[language]?.title ?? entry.translations.nl.title, date: formatDate(entry.date, language) })}
      cancelLabel={t('cancel')}
      confirmLabel={t('news.delete')}
      confirmTestId="news-delete-confirm"
      remove={() => deleteNews(entry.id)}
      onRemoved={changed}
      onClose={onClose}
    />
  );
}

/** `/mgmt/news`: the dated news entries, drafts included; write, edit per language, publish, delete. */
export function ManageNewsPage() {
  const { t } = useTranslation('contentAdmin');
  const language = currentLanguage();
  const changed = useNewsChanged();
  const [params, setParams] = useSearchParams();
  const list = useListParams();
  const [deleting, setDeleting] = useState<NewsEntry | null>(null);
  const news = useQuery(mgmtNewsQuery(list.query));
  const toggle = useMutation({
    mutationFn: (entry: NewsEntry) => saveNews(entry.id, { date: entry.date, published: !entry.published, translations: entry.translations }, ''),
    onSuccess: changed,
  });
  /** Opens (`new`, an id) or closes (null) the editor; the list keeps its page and search. */
  const select = (value: string | null) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value === null) next.delete('entry');
      else next.set('entry', value);
      return next;
    });
  const selected = params.get('entry');
  const entry = selected && selected !== 'new' ? (news.data?.items.find((n) => String(n.id) === selected) ?? null) : null;
  const titleOf = (n: NewsEntry) => n.translations[language]?.title ?? n.translations.nl.title;
  const columns: DataColumn<NewsEntry>[] = [
    { id: 'date', header: t('news.date'), nowrap: true, cell: (n) => formatDate(n.date, language, { dateStyle: 'medium' }) },
    { id: 'title', header: t('title'), primary: true, cell: titleOf },
    { id: 'languages', header: t('languages'), cell: (n) => Object.keys(n.translations).join(' ') },
    { id: 'state', header: t('state'), cell: (n) => <PublishedChip published={n.published} /> },
    {
      id: 'actions',
      header: t('actions'),
      hideHeader: true,
      align: 'right',
      nowrap: true,
      cell: (n) => (
        <>
          <Button size="small" onClick={() => select(String(n.id))} aria-label={t('news.editNamed', { title: titleOf(n) })}>
            {t('news.edit')}
          </Button>
          <Button size="small" disabled={toggle.isPending} onClick={() => toggle.mutate(n)} data-testid={`news-toggle-${n.id}`}>
            {n.published ? t('news.unpublish') : t('news.publish')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDeleting(n)}
            aria-label={t('news.deleteNamed', { title: titleOf(n) })}
            data-testid={`news-delete-${n.id}`}
          >
            {t('news.delete')}
          </Button>
        </>
      ),
    },
  ];
  const editorOpen = selected === 'new' || entry !== null;
  return (
    <Stack spacing={2}>
      <PageHeader title={t('news.title')}>
        {!editorOpen && (
          <Button variant="contained" onClick={() => select('new')} data-testid="news-new">
            {t('news.new')}
          </Button>
        )}
      </PageHeader>
      {editorOpen && <NewsEditor key={selected} entry={entry} onDone={() => select(null)} />}
      <PagedTable
        label={t('news.title')}
        columns={columns}
        query={news}
        list={list}
        error={toggle.error}
        testId="news-table"
        rowTestId={(n) => `news-row-${n.id}`}
        empty={t('news.none')}
      />
      {deleting && <DeleteDialog entry={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
