import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FIXED_ENTRY_PAGES, MENU_GROUPS, type FileRef, type PageDetail, type PageSettings, type PageSummary } from '@bjk/domain/content';
import { invalidatePublicMenu } from './public-menu-resource';
import { hasPermission, useManager } from '../../shared/auth/session';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDateTime } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { RecordTable } from '../../shared/forms/RecordTable';
import { SelectField, plainOptions } from '../../shared/forms/SelectField';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import {
  contentKeys,
  fileUrl,
  forgetLoadedPages,
  mgmtPageQuery,
  mgmtPagesQuery,
  publicImagesQuery,
  runPageAction,
  savePageDraft,
  savePageSettings,
  type PageAction,
} from './api';
import { TextsEditor, toTexts, toTranslations, type Texts } from './TextsEditor';
import { PageHeader } from '../../shared/ui/PageHeader';

function LockChip({ page }: { page: PageSummary }) {
  const { t } = useTranslation('contentAdmin');
  const language = currentLanguage();
  const { timeZone } = useEdition();
  if (!page.lock) return <Chip size="small" label={t('free')} variant="outlined" />;
  // A dark amber keeps the chip's text readable (contrast ≥ 4.5:1), which the theme's warning colour is not.
  return (
    <Chip
      size="small"
      sx={{ bgcolor: '#7a4100', color: '#fff' }}
      label={t('lockedBy', { name: page.lock.displayName, since: formatDateTime(page.lock.since, language, timeZone) })}
    />
  );
}

const refKey = (ref: FileRef | null) => (ref ? `${ref.group}/${ref.name}` : '');

function HeroPicker({ value, onChange }: { value: FileRef | null; onChange?: (ref: FileRef | null) => void }) {
  const { t } = useTranslation('contentAdmin');
  const images = useQuery(publicImagesQuery());
  const options = images.data ?? [];
  // The current choice stays listed even before the images arrive (or if it was since deleted).
  const listed = value && !options.some((f) => refKey(f) === refKey(value)) ? [{ group: value.group, name: value.name }, ...options] : options;
  return (
    <SelectField
      label={t('heroImage')}
      value={refKey(value)}
      disabled={!onChange}
      onChange={(e) => {
        const picked = listed.find((f) => refKey(f) === e.target.value);
        onChange?.(picked ? { group: picked.group, name: picked.name } : null);
      }}
      helperText={images.isError ? t('heroImagesUnavailable') : t('heroImageHelp')}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'page-hero' } as object } }}
      sx={{ minWidth: 260, maxWidth: '100%' }}
      options={[{ value: '', label: t('noHeroImage') }, ...plainOptions(listed.map(refKey))]}
    />
  );
}

/** Publication and menu placement: saved on their own, whoever holds the texts' lock. */
function PageSettingsForm({ page }: { page: PageDetail }) {
  const { t } = useTranslation('contentAdmin');
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState<PageSettings>({ published: page.published, menuGroup: page.menuGroup, menuOrder: page.menuOrder });
  const save = useMutation({
    mutationFn: () => savePageSettings(page.slug, settings),
    onSuccess: (updated) => {
      queryClient.setQueryData(contentKeys.mgmtPage(page.slug), updated);
      void queryClient.invalidateQueries({ queryKey: contentKeys.mgmtPages });
      // Published, hidden or moved: the public menu shows it at once, to this manager too.
      invalidatePublicMenu();
      forgetLoadedPages();
    },
  });
  const changed = settings.published !== page.published || settings.menuGroup !== page.menuGroup || settings.menuOrder !== page.menuOrder;
  // The home page's and the programme's texts show under their own fixed menu entries.
  const fixedEntry = FIXED_ENTRY_PAGES.includes(page.slug);
  return (
    <Box component="section" aria-labelledby="page-settings-heading">
      <Typography variant="h3" id="page-settings-heading" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('settings')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Switch
              checked={settings.published}
              onChange={(e) => setSettings({ ...settings, published: e.target.checked })}
              slotProps={{ input: { 'data-testid': 'page-published' } as object }}
            />
          }
          label={settings.published ? t('published') : t('draft')}
        />
        <SelectField
          size="small"
          label={t('menuGroup')}
          value={settings.menuGroup}
          disabled={fixedEntry}
          onChange={(e) => setSettings({ ...settings, menuGroup: e.target.value as PageSettings['menuGroup'] })}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'page-menu-group' } as object } }}
          sx={{ minWidth: 200 }}
          options={MENU_GROUPS.map((g) => ({ value: g, label: t(`menuGroups.${g}`) }))}
        />
        <TextField
          size="small"
          type="number"
          label={t('menuOrder')}
          value={settings.menuOrder}
          disabled={fixedEntry}
          onChange={(e) => setSettings({ ...settings, menuOrder: Math.max(0, Math.min(1000, Number(e.target.value) || 0)) })}
          slotProps={{ htmlInput: { min: 0, max: 1000, 'data-testid': 'page-menu-order' } }}
          sx={{ width: 120 }}
        />
        <Button variant="outlined" disabled={!changed || save.isPending} onClick={() => save.mutate()} data-testid="page-settings-save">
          {t('saveSettings')}
        </Button>
        {fixedEntry && (
          <Typography variant="body2" color="textSecondary" data-testid="page-fixed-entry" sx={{ flexBasis: '100%' }}>
            {t('fixedEntry')}
          </Typography>
        )}
        {!page.published && page.slug !== 'home' && (
          <Button component={RouterLink} to={`/page/${page.slug}`} target="_blank">
            {t('previewDraft')}
          </Button>
        )}
      </Stack>
      {save.error && <ErrorAlert error={save.error} />}
    </Box>
  );
}

type WorkingCopy = { texts: Texts; heroImage: FileRef | null };

function PageEditor({ slug, onClose }: { slug: string; onClose: () => void }) {
  const { t } = useTranslation('contentAdmin');
  const language = currentLanguage();
  const { timeZone } = useEdition();
  const session = useManager();
  const queryClient = useQueryClient();
  const [copy, setCopy] = useState<WorkingCopy | null>(null);
  const detail = useQuery(mgmtPageQuery(slug));
  const refresh = (page: PageDetail) => {
    queryClient.setQueryData(contentKeys.mgmtPage(slug), page);
    void queryClient.invalidateQueries({ queryKey: contentKeys.mgmtPages });
    // A check-in or a restore may have renamed the page in the public menu.
    invalidatePublicMenu();
    forgetLoadedPages();
    setCopy(page.workingCopy ? { texts: toTexts(page.workingCopy.translations), heroImage: page.workingCopy.heroImage } : null);
  };
  const action = useMutation({
    mutationFn: (what: PageAction) => runPageAction(slug, what),
    onSuccess: refresh,
  });
  const save = useMutation({
    mutationFn: (wc: WorkingCopy) => savePageDraft(slug, { translations: toTranslations(wc.texts), heroImage: wc.heroImage }),
    onSuccess: refresh,
  });
  if (detail.isPending) return null;
  if (detail.isError) return <ErrorAlert error={detail.error} />;
  const page = detail.data;
  const mine = page.lock?.accountId === session?.account.id;
  const editing: WorkingCopy | null =
    mine && page.workingCopy ? (copy ?? { texts: toTexts(page.workingCopy.translations), heroImage: page.workingCopy.heroImage }) : null;
  const shown: WorkingCopy = editing ?? { texts: toTexts(page.translations), heroImage: page.heroImage };
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
            <Button variant="contained" onClick={() => action.mutate({ kind: 'checkout' })} data-testid="page-checkout">
              {t('checkout')}
            </Button>
          )}
          {mine && (
            <>
              <Button onClick={() => editing && save.mutate(editing)} data-testid="page-save">
                {t('save')}
              </Button>
              <Button
                variant="contained"
                onClick={() =>
                  editing && action.mutate({ kind: 'checkin', workingCopy: { translations: toTranslations(editing.texts), heroImage: editing.heroImage } })
                }
                data-testid="page-checkin"
              >
                {t('checkin')}
              </Button>
              <Button color="inherit" onClick={() => action.mutate({ kind: 'unlock' })}>
                {t('discard')}
              </Button>
            </>
          )}
          {page.lock && !mine && hasPermission(session, 'accounts:admin') && (
            <Button color="warning" onClick={() => action.mutate({ kind: 'unlock' })} data-testid="page-break-lock">
              {t('breakLock')}
            </Button>
          )}
          <Button onClick={onClose}>{t('close')}</Button>
        </Stack>
        {page.lock && !mine && (
          <Alert severity="warning" data-testid="page-locked">
            {t('lockedNotice', { name: page.lock.displayName, since: formatDateTime(page.lock.since, language, timeZone) })}
          </Alert>
        )}
        {error && <ErrorAlert error={error} />}
        <PageSettingsForm key={`${page.published}-${page.menuGroup}-${page.menuOrder}`} page={page} />
        <HeroPicker value={shown.heroImage} onChange={editing ? (heroImage) => setCopy({ ...editing, heroImage }) : undefined} />
        <TextsEditor
          texts={shown.texts}
          onChange={editing ? (texts) => setCopy({ ...editing, texts }) : undefined}
          testId="page"
          heroUrl={shown.heroImage ? fileUrl(shown.heroImage) : null}
        />
        <Box>
          <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
            {t('versions')}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="page-versions">
              <TableBody>
                {page.versions.map((v) => (
                  <TableRow key={v.version}>
                    <TableCell>{v.version}</TableCell>
                    <TableCell>{v.title}</TableCell>
                    <TableCell>{v.createdBy}</TableCell>
                    <TableCell>{formatDateTime(v.createdAt, language, timeZone)}</TableCell>
                    <TableCell align="right">
                      {v.version !== page.version && (!page.lock || mine) && (
                        <Button size="small" onClick={() => action.mutate({ kind: 'restore', version: v.version })}>
                          {t('restore')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
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
  const pages = useQuery(mgmtPagesQuery());
  return (
    <Stack spacing={2}>
      <PageHeader title={t('pagesTitle')}>
        <Button component={RouterLink} to="/mgmt/news">
          {t('newsLink')}
        </Button>
      </PageHeader>
      {selected && <PageEditor key={selected} slug={selected} onClose={() => setParams({})} />}
      {pages.isError && <ErrorAlert error={pages.error} />}
      <RecordTable testId="pages-table" headers={[t('title'), t('languages'), t('state'), t('menuGroup'), t('lock')]} actionsLabel={t('actions')}>
        {(pages.data ?? []).map((page) => (
          <TableRow key={page.slug} data-testid={`page-row-${page.slug}`}>
            <TableCell>
              {page.title}
              <Typography variant="caption" component="div" color="textSecondary">
                {`${page.slug} · v${page.version}`}
              </Typography>
            </TableCell>
            <TableCell>{page.languages.join(' ')}</TableCell>
            <TableCell>{page.published ? t('published') : t('draft')}</TableCell>
            <TableCell>{page.menuGroup === 'none' ? t('menuGroups.none') : `${t(`menuGroups.${page.menuGroup}`)} · ${page.menuOrder}`}</TableCell>
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
      </RecordTable>
    </Stack>
  );
}
