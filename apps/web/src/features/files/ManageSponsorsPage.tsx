import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MAX_FILE_BYTES, type Sponsor, type SponsorInput } from '@bjk/domain/files';
import { useManager } from '../../shared/auth/session';
import { RecordTable } from '../../shared/forms/RecordTable';
import { SelectField, plainOptions } from '../../shared/forms/SelectField';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { deleteSponsor, filesKeys, mgmtFilesQuery, orderSponsors, publicFileUrl, saveSponsor, sendUpload, sponsorsQuery } from './api';
import { randomId } from '../../shared/random-id';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RemovalDialog } from '../../shared/ui/ConfirmDialog';

/** Logos live in this public group, so visitors' browsers may load them. */
const LOGO_GROUP = 'sponsors';
const LIST_KEY = filesKeys.sponsors;

// Arrow glyphs drawn inline (icons are imported by path elsewhere; two paths do not need a module).
const UP = 'M7.41 15.41 12 10.83l4.59 4.58L18 14l-6-6-6 6z';
const DOWN = 'M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z';

function Arrow({ d }: { d: string }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  );
}

/** The chosen logo as the carousel shows it, in a frame of its size; "no logo" in it while none is chosen. */
function LogoPreview({ logo, name }: { logo: Draft['logo']; name: string }) {
  const { t } = useTranslation('files');
  return (
    <Box sx={{ width: 160, height: 60, border: 1, borderColor: 'divider', borderRadius: 1, display: 'grid', placeItems: 'center', flexShrink: 0 }}>
      {logo ? (
        <Box
          component="img"
          src={publicFileUrl(logo)}
          alt={t('sponsorsAdmin.logoOf', { name })}
          data-testid="sponsor-logo-preview"
          sx={{ maxWidth: 156, maxHeight: 56, objectFit: 'contain' }}
        />
      ) : (
        <Typography variant="caption" color="textSecondary">
          {t('sponsorsAdmin.noLogo')}
        </Typography>
      )}
    </Box>
  );
}

type Draft = { name: string; url: string; enabled: boolean; logo: { group: string; name: string } | null };

/** Add or edit a sponsor: name, link, shown or not, and a logo uploaded here or picked from the sponsors group. */
function SponsorForm({ sponsor, nextOrder, onDone }: { sponsor: Sponsor | null; nextOrder: number; onDone: () => void }) {
  const { t, i18n } = useTranslation('files');
  const session = useManager();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(
    sponsor ? { name: sponsor.name, url: sponsor.url, enabled: sponsor.enabled, logo: sponsor.logo } : { name: '', url: 'https://', enabled: true, logo: null },
  );
  const [upload, setUpload] = useState<{ progress: number } | { error: string } | null>(null);
  const [idempotencyKey] = useState(() => randomId());
  const fileInput = useRef<HTMLInputElement>(null);
  const logos = useQuery(mgmtFilesQuery(LOGO_GROUP));
  const images = (logos.data ?? []).filter((f) => f.contentType.startsWith('image/'));
  const save = useMutation({
    mutationFn: (input: SponsorInput) => saveSponsor(sponsor?.id ?? null, input, idempotencyKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
      onDone();
    },
  });

  const uploadLogo = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file || !session) return;
    if (file.size > MAX_FILE_BYTES) {
      setUpload({ error: 'files.too_large' });
      return;
    }
    const form = new FormData();
    form.append('group', LOGO_GROUP);
    if (draft.name.trim()) form.append('displayName_nl', draft.name.trim());
    form.append('file', file);
    setUpload({ progress: 0 });
    sendUpload(session.token, form, (progress) => setUpload({ progress })).then(
      (stored) => {
        setUpload(null);
        setDraft((d) => ({ ...d, logo: { group: stored.group, name: stored.name } }));
        void queryClient.invalidateQueries({ queryKey: filesKeys.mgmt });
      },
      (error: Error) => setUpload({ error: error.message }),
    );
  };
  const errorText = (code: string) => (i18n.exists(`codes.${code}`, { ns: 'errors' }) ? t(`codes.${code}`, { ns: 'errors' }) : t('mgmt.uploadFailed'));
  const logoKey = draft.logo ? draft.logo.name : '';
  // The chosen logo stays listed (last) even if it is not among the group's images.
  const logoNames = images.map((f) => f.name);
  if (draft.logo && !logoNames.includes(draft.logo.name)) logoNames.push(draft.logo.name);
  const valid = draft.name.trim() !== '' && /^https?:\/\/[^\s/]+\.[^\s]+$/.test(draft.url) && draft.logo !== null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="section" aria-labelledby="sponsor-form-heading" data-testid="sponsor-form">
      <Stack spacing={2}>
        <Typography variant="h2" id="sponsor-form-heading" sx={{ fontSize: '1.4rem' }}>
          {sponsor ? t('sponsorsAdmin.editTitle') : t('sponsorsAdmin.newTitle')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label={t('sponsorsAdmin.name')}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            required
            slotProps={{ htmlInput: { 'data-testid': 'sponsor-name', maxLength: 120 } }}
          />
          <TextField
            label={t('sponsorsAdmin.url')}
            type="url"
            value={draft.url}
            onChange={(e) => setDraft({ ...draft, url: e.target.value })}
            required
            slotProps={{ htmlInput: { 'data-testid': 'sponsor-url', maxLength: 500 } }}
          />
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <LogoPreview logo={draft.logo} name={draft.name} />
          <SelectField
            size="small"
            label={t('sponsorsAdmin.pickLogo')}
            value={logoKey}
            onChange={(e) => setDraft({ ...draft, logo: e.target.value ? { group: LOGO_GROUP, name: e.target.value } : null })}
            sx={{ minWidth: 240 }}
            options={[{ value: '', label: t('sponsorsAdmin.noLogo') }, ...plainOptions(logoNames)]}
          />
          <Button variant="outlined" onClick={() => fileInput.current?.click()}>
            {t('sponsorsAdmin.uploadLogo')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept=".png,.jpg,.jpeg,.gif,.webp"
            onChange={uploadLogo}
            aria-label={t('sponsorsAdmin.uploadLogo')}
            data-testid="sponsor-logo-input"
          />
        </Stack>
        {upload && 'progress' in upload && <LinearProgress variant="determinate" value={Math.round(upload.progress * 100)} aria-label={t('mgmt.progress')} />}
        {upload && 'error' in upload && <Alert severity="error">{errorText(upload.error)}</Alert>}
        <FormControlLabel
          control={<Switch checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} />}
          label={draft.enabled ? t('sponsorsAdmin.shown') : t('sponsorsAdmin.hidden')}
        />
        {save.error && <ErrorAlert error={save.error} submit />}
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            disabled={!valid || save.isPending || (upload !== null && 'progress' in upload)}
            onClick={() =>
              draft.logo &&
              save.mutate({
                name: draft.name.trim(),
                url: draft.url.trim(),
                enabled: draft.enabled,
                logo: draft.logo,
                sortOrder: sponsor?.sortOrder ?? nextOrder,
              })
            }
            data-testid="sponsor-save"
          >
            {t('sponsorsAdmin.save')}
          </Button>
          <Button onClick={onDone}>{t('sponsorsAdmin.close')}</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

function RemoveDialog({ sponsor, onClose }: { sponsor: Sponsor; onClose: () => void }) {
  const { t } = useTranslation('files');
  const queryClient = useQueryClient();
  return (
    <RemovalDialog
      id="sponsor-remove-title"
      title={t('sponsorsAdmin.removeTitle')}
      text={t('sponsorsAdmin.removeText', { name: sponsor.name })}
      cancelLabel={t('sponsorsAdmin.cancel')}
      confirmLabel={t('sponsorsAdmin.remove')}
      confirmTestId="sponsor-remove-confirm"
      remove={() => deleteSponsor(sponsor.id)}
      onRemoved={() => void queryClient.invalidateQueries({ queryKey: LIST_KEY })}
      onClose={onClose}
    />
  );
}

/** `/mgmt/sponsors`: the sponsors of the site's carousel, in their order; add, edit, reorder, remove. */
export function ManageSponsorsPage() {
  const { t } = useTranslation('files');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [removing, setRemoving] = useState<Sponsor | null>(null);
  const sponsors = useQuery(sponsorsQuery);
  const reorder = useMutation({
    mutationFn: orderSponsors,
    onSuccess: (list) => queryClient.setQueryData(LIST_KEY, list),
    onError: () => void queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
  const list = sponsors.data ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((s) => s.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids);
  };
  const selected = params.get('sponsor');
  const editing = selected && selected !== 'new' ? (list.find((s) => String(s.id) === selected) ?? null) : null;
  const formOpen = selected === 'new' || editing !== null;
  const nextOrder = Math.min(1000, list.reduce((max, s) => Math.max(max, s.sortOrder), 0) + 10);
  return (
    <Stack spacing={2}>
      <PageHeader title={t('sponsorsAdmin.title')}>
        {!formOpen && (
          <Button variant="contained" onClick={() => setParams({ sponsor: 'new' })} data-testid="sponsor-new">
            {t('sponsorsAdmin.add')}
          </Button>
        )}
      </PageHeader>
      <Typography color="textSecondary">{t('sponsorsAdmin.intro')}</Typography>
      {formOpen && <SponsorForm key={selected} sponsor={editing} nextOrder={nextOrder} onDone={() => setParams({})} />}
      {(sponsors.error ?? reorder.error) && <ErrorAlert error={sponsors.error ?? reorder.error} />}
      <RecordTable
        testId="sponsors-table"
        headers={[t('sponsorsAdmin.logo'), t('sponsorsAdmin.name'), t('sponsorsAdmin.state')]}
        actionsLabel={t('mgmt.actions')}
      >
        {sponsors.data?.length === 0 && (
          <TableRow>
            <TableCell colSpan={4}>{t('sponsorsAdmin.none')}</TableCell>
          </TableRow>
        )}
        {list.map((s, index) => (
          <TableRow key={s.id} data-testid={`sponsor-row-${s.id}`}>
            <TableCell>
              <Box
                component="img"
                src={publicFileUrl(s.logo)}
                alt=""
                width={96}
                height={36}
                sx={{ display: 'block', width: 96, height: 36, objectFit: 'contain' }}
              />
            </TableCell>
            <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>
              {s.name}
              <Typography variant="caption" component="div">
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  {s.url}
                </a>
              </Typography>
            </TableCell>
            <TableCell>{s.enabled ? t('sponsorsAdmin.shown') : t('sponsorsAdmin.hidden')}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <IconButton
                size="small"
                disabled={index === 0 || reorder.isPending}
                onClick={() => move(index, -1)}
                aria-label={t('sponsorsAdmin.moveUp', { name: s.name })}
                data-testid={`sponsor-up-${s.id}`}
              >
                <Arrow d={UP} />
              </IconButton>
              <IconButton
                size="small"
                disabled={index === list.length - 1 || reorder.isPending}
                onClick={() => move(index, 1)}
                aria-label={t('sponsorsAdmin.moveDown', { name: s.name })}
                data-testid={`sponsor-down-${s.id}`}
              >
                <Arrow d={DOWN} />
              </IconButton>
              <Button size="small" onClick={() => setParams({ sponsor: String(s.id) })} aria-label={t('sponsorsAdmin.editNamed', { name: s.name })}>
                {t('sponsorsAdmin.edit')}
              </Button>
              <Button
                size="small"
                color="error"
                onClick={() => setRemoving(s)}
                aria-label={t('sponsorsAdmin.removeNamed', { name: s.name })}
                data-testid={`sponsor-remove-${s.id}`}
              >
                {t('sponsorsAdmin.remove')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </RecordTable>
      {removing && <RemoveDialog sponsor={removing} onClose={() => setRemoving(null)} />}
    </Stack>
  );
}
