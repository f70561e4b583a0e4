import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PageDetail, PageSummary, PageTranslations } from '@bjk/domain/content';
import { LANGUAGES, type Language } from '@bjk/domain/languages';
import { hasPermission, useManager } from '../../shared/auth/session';
import { formatDateTime } from '../../shared/format';
import { http } from '../../shared/http';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';

const Markdown = lazy(() => import('./Markdown'));
const TIME_ZONE = 'Europe/Brussels';

type Texts = Record<Language, { title: string; body: string }>;

function toTexts(translations: PageTranslations): Texts {
  return Object.fromEntries(LANGUAGES.map((l) => [l, { title: translations[l]?.title ?? '', body: translations[l]?.body ?? '' }])) as Texts;
}

/** A language without a title is not written: visitors get Dutch with a notice instead. */
function toTranslations(texts: Texts): PageTranslations {
  const result: Record<string, { title: string; body: string }> = { nl: texts.nl };
  for (const l of LANGUAGES) if (l !== 'nl' && texts[l].title.trim() !== '') result[l] = texts[l];
  return result as PageTranslations;
}

function LockChip({ page }: { page: PageSummary }) {
  const { t } = useTranslation('contentAdmin');
  const language = currentLanguage();
  if (!page.lock) return <Chip size="small" label={t('free')} variant="outlined" />;
  // A dark amber keeps the chip's text readable (contrast ≥ 4.5:1), which the theme's warning colour is not.
  return <Chip size="small" sx={{ bgcolor: '#7a4100', color: '#fff' }} label={t('lockedBy', { name: page.lock.displayName, since: formatDateTime(page.lock.since, language, TIME_ZONE) })} />;
}

function PageEditor({ slug, onClose }: { slug: string; onClose: () => void }) {
  const { t } = useTranslation('contentAdmin');
  const language = currentLanguage();
  const session = useManager();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Language>('nl');
  const [texts, setTexts] = useState<Texts | null>(null);
  const detail = useQuery({ queryKey: ['content', 'mgmt', 'page', slug], queryFn: () => http.get<PageDetail>(`/api/v1/page/${slug}`) });
  const refresh = (page: PageDetail) => {
    queryClient.setQueryData(['content', 'mgmt', 'page', slug], page);
    void queryClient.invalidateQueries({ queryKey: ['content', 'mgmt', 'pages'] });
    setTexts(page.workingCopy ? toTexts(page.workingCopy.translations) : null);
  };
  const action = useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) => http.post<PageDetail>(path, body),
    onSuccess: refresh,
  });
  const save = useMutation({
    mutationFn: (wc: Texts) => http.put<PageDetail>(`/api/v1/page/draft/${slug}`, { translations: toTranslations(wc), heroImage: detail.data?.workingCopy?.heroImage ?? null }),
    onSuccess: refresh,
  });
  if (detail.isPending) return null;
  if (detail.isError) return <ErrorAlert error={detail.error} />;
  const page = detail.data;
  const mine = page.lock?.accountId === session?.account.id;
  const editing = mine && page.workingCopy ? (texts ?? toTexts(page.workingCopy.translations)) : null;
  const shown = editing ?? toTexts(page.translations);
  const setText = (field: 'title' | 'body', value: string) => setTexts({ ...shown, [tab]: { ...shown[tab], [field]: value } });
  const error = action.error ?? save.error;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="page-editor">
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="h2" sx={{ fontSize: '1.4rem', flexGrow: 1 }}>
            {t('editing', { slug })}
          </Typography>
          <LockChip page={page} />
          {!page.lock && (
            <Button variant="contained" onClick={() => action.mutate({ path: `/api/v1/page/checkout/${slug}` })} data-testid="page-checkout">
              {t('checkout')}
            </Button>
          )}
          {mine && (
            <>
              <Button onClick={() => editing && save.mutate(editing)} data-testid="page-save">
                {t('save')}
              </Button>
              <Button variant="contained" onClick={() => editing && action.mutate({ path: `/api/v1/page/checkin/${slug}`, body: { workingCopy: { translations: toTranslations(editing), heroImage: page.workingCopy?.heroImage ?? null } } })} data-testid="page-checkin">
                {t('checkin')}
              </Button>
              <Button color="inherit" onClick={() => action.mutate({ path: `/api/v1/page/unlock/${slug}` })}>
                {t('discard')}
              </Button>
            </>
          )}
          {page.lock && !mine && hasPermission(session, 'accounts:admin') && (
            <Button color="warning" onClick={() => action.mutate({ path: `/api/v1/page/unlock/${slug}` })} data-testid="page-break-lock">
              {t('breakLock')}
            </Button>
          )}
          <Button onClick={onClose}>{t('close')}</Button>
        </Stack>
        {page.lock && !mine && <Alert severity="warning" data-testid="page-locked">{t('lockedNotice', { name: page.lock.displayName, since: formatDateTime(page.lock.since, language, TIME_ZONE) })}</Alert>}
        {error && <ErrorAlert error={error} />}
        <Tabs value={tab} onChange={(_, value: Language) => setTab(value)} aria-label={t('languages')}>
          {LANGUAGES.map((l) => (
            <Tab key={l} value={l} label={l.toUpperCase()} data-testid={`page-tab-${l}`} />
          ))}
        </Tabs>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Stack spacing={2}>
            <TextField label={t('title')} value={shown[tab].title} onChange={(e) => setText('title', e.target.value)} disabled={!editing} slotProps={{ htmlInput: { 'data-testid': 'page-title-input' } }} helperText={tab === 'nl' ? undefined : t('emptyMeansFallback')} />
            <TextField label={t('body')} value={shown[tab].body} onChange={(e) => setText('body', e.target.value)} disabled={!editing} multiline minRows={12} slotProps={{ htmlInput: { 'data-testid': 'page-body-input' } }} />
          </Stack>
          <Box aria-label={t('preview')} role="region" data-testid="page-preview" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minHeight: 200, overflow: 'auto' }}>
            <Typography variant="overline">{t('preview')}</Typography>
            {shown[tab].title.trim() !== '' && (
              <Typography variant="h3" sx={{ fontSize: '1.5rem' }}>
                {shown[tab].title}
              </Typography>
            )}
            <Suspense fallback={null}>
              <Markdown>{shown[tab].body}</Markdown>
            </Suspense>
          </Box>
        </Box>
        <Box>
          <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
            {t('versions')}
          </Typography>
          <Table size="small" data-testid="page-versions">
            <TableBody>
              {page.versions.map((v) => (
                <TableRow key={v.version}>
                  <TableCell>{v.version}</TableCell>
                  <TableCell>{v.title}</TableCell>
                  <TableCell>{v.createdBy}</TableCell>
                  <TableCell>{formatDateTime(v.createdAt, language, TIME_ZONE)}</TableCell>
                  <TableCell align="right">
                    {v.version !== page.version && (!page.lock || mine) && (
                      <Button size="small" onClick={() => action.mutate({ path: `/api/v1/page/restore/${slug}/${v.version}` })}>
                        {t('restore')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Stack>
    </Paper>
  );
}

/** `/mgmt/pages`: the information pages with their lock and publication state, and the editor. */
export function ManagePagesPage() {
  const { t } = useTranslation('contentAdmin');
  const [params, setParams] = useSearchParams();
  const selected = params.get('page');
  const pages = useQuery({ queryKey: ['content', 'mgmt', 'pages'], queryFn: () => http.get<PageSummary[]>('/api/v1/page') });
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('pagesTitle')}</Typography>
      {selected && <PageEditor key={selected} slug={selected} onClose={() => setParams({})} />}
      {pages.isError && <ErrorAlert error={pages.error} />}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" data-testid="pages-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('title')}</TableCell>
              <TableCell>{t('languages')}</TableCell>
              <TableCell>{t('state')}</TableCell>
              <TableCell>{t('lock')}</TableCell>
              <TableCell>
                <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
                  {t('actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(pages.data ?? []).map((page) => (
              <TableRow key={page.slug} data-testid={`page-row-${page.slug}`}>
                <TableCell>
                  {page.title}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {`${page.slug} · v${page.version}`}
                  </Typography>
                </TableCell>
                <TableCell>{page.languages.join(' ')}</TableCell>
                <TableCell>{page.published ? t('published') : t('draft')}</TableCell>
                <TableCell>
                  <LockChip page={page} />
                </TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => setParams({ page: page.slug })} data-testid={`page-edit-${page.slug}`}>
                    {t('open')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
