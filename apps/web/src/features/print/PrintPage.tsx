import DownloadIcon from '@mui/icons-material/Download';
import PreviewIcon from '@mui/icons-material/Visibility';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { BadgeSummaryQuery, PrintDocument, PrintRequestInput, PrintSelection, Voucher } from '@bjk/domain/print';
import { useEdition } from '../../shared/edition/useEdition';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { SelectField } from '../../shared/forms/SelectField';
import { KindSwitch, usePlayerCategoryCodes, useRegistrationKind } from '../../shared/edition/kind';
import { badgeSummaryQuery, downloadPrintJob, fetchPrintPreview, startPrintJob, voucherProposalQuery } from './api';
import { JobProgress, PrintQueue, useJob } from './PrintJobs';
import { VoucherEditor } from './VoucherEditor';
import { randomId } from '../../shared/random-id';
import { saveBlob } from '../../shared/ui/save-blob';

const DOCUMENTS: PrintDocument[] = ['badges', 'namecards', 'checkin', 'meals', 'vouchers'];
type Scope = PrintSelection['scope'];

/** One of the page's choices (document, selection, category): a small select whose value is one of `options`. */
function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  testId: string;
}) {
  return (
    <SelectField
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
      options={options}
    />
  );
}

/** The scopes a document offers: only badges know "not printed yet"; the meal list covers every reservation. */
function scopesOf(document: PrintDocument, hasPerson: boolean): Scope[] {
  if (document === 'meals' || document === 'vouchers') return [];
  const scopes: Scope[] = document === 'badges' ? ['all', 'category', 'pending'] : ['all', 'category'];
  return hasPerson ? [...scopes, 'person'] : scopes;
}

/**
 * `/mgmt/print`: choose a document (badges, name cards, check-in lists, meal list) and who it covers, see
 * who has no photo and what needs reprinting, preview the first page as the printer will get it, and
 * download the PDF the server produces (with a progress bar for large batches).
 * `?holder=participant&id=12` (from a participant or guest page) preselects one person.
 */
export function PrintPage() {
  const { t } = useTranslation('print');
  const settings = useEdition();
  const client = useQueryClient();
  const [params] = useSearchParams();
  // The championship (bjk or vk) from `?kind=`; the switch changes it and drops a person of the other one.
  const kind = useRegistrationKind();
  const holder = params.get('holder') === 'attendee' ? 'attendee' : params.get('holder') === 'participant' ? 'participant' : undefined;
  const personId = Number(params.get('id')) || undefined;
  const hasPerson = holder !== undefined && personId !== undefined;

  const [document, setDocument] = useState<PrintDocument>('badges');
  const [scope, setScope] = useState<Scope>(hasPerson ? 'person' : 'all');
  // Players' categories of the championship chosen; badges also go to attendees (staff categories, shared by both).
  const playerCategories = usePlayerCategoryCodes(kind);
  const categories =
    document === 'badges' ? [...playerCategories, ...settings.categories.filter((c) => c.kind === 'staff').map((c) => c.code)] : playerCategories;
  const [category, setCategory] = useState(categories[0] ?? '');
  // The category list of the document and championship chosen: a category not in it falls back to the first one.
  const categoryList = categories.join(' ');
  useEffect(() => {
    const codes = categoryList.split(' ');
    if (!codes.includes(category)) setCategory(codes[0] ?? '');
  }, [categoryList, category]);
  const scopes = scopesOf(document, hasPerson);
  const effectiveScope: Scope = scopes.includes(scope) ? scope : 'all';

  const vouchersChosen = document === 'vouchers';
  const selection: PrintSelection = useMemo(() => {
    if (vouchersChosen || effectiveScope === 'category') return { scope: 'category', category };
    if (effectiveScope === 'person' && holder && personId) return { scope: 'person', holder, id: personId };
    if (effectiveScope === 'pending') return { scope: 'pending' };
    return { scope: 'all' };
  }, [vouchersChosen, effectiveScope, category, holder, personId]);

  // Vouchers: the server's proposal from the standings, as the manager adjusts it.
  const proposal = useQuery({ ...voucherProposalQuery(category), enabled: vouchersChosen && category !== '' });
  const [vouchers, setVouchers] = useState<Voucher[]>([]);
  useEffect(() => setVouchers(proposal.data?.vouchers ?? []), [proposal.data]);
  const request: PrintRequestInput = vouchersChosen ? { document, kind, selection, vouchers } : { document, kind, selection };
  const requestKey = JSON.stringify(request);

  const summaryParams: BadgeSummaryQuery = {
    kind,
    scope: selection.scope,
    ...(selection.scope === 'category' ? { category: selection.category } : {}),
    ...(selection.scope === 'person' ? { holder: selection.holder, id: selection.id } : {}),
  };
  const summary = useQuery({ ...badgeSummaryQuery(summaryParams), enabled: document !== 'meals' && !vouchersChosen });

  // One key per intent: a double click or a retry of the same request starts one job, a changed request a new one.
  const keys = useRef({ request: '', preview: randomId(), produce: randomId() });
  if (keys.current.request !== requestKey) keys.current = { request: requestKey, preview: randomId(), produce: randomId() };

  const [previewJobId, setPreviewJobId] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  useEffect(() => {
    setPreviewJobId(null);
    setJobId(null);
  }, [requestKey]);

  const startPreview = useMutation({
    mutationFn: () => startPrintJob({ ...request, preview: true }, keys.current.preview),
    onSuccess: (job) => setPreviewJobId(job.id),
  });
  const produce = useMutation({
    mutationFn: () => startPrintJob(request, keys.current.produce),
    onSuccess: (job) => {
      setJobId(job.id);
      keys.current.produce = randomId();
    },
  });
  const previewJob = useJob(previewJobId);
  const job = useJob(jobId);

  const previewImage = useQuery({
    queryKey: ['mgmt', 'print', 'preview', previewJobId],
    queryFn: async () => URL.createObjectURL(await fetchPrintPreview(previewJobId!)),
    enabled: previewJob.data?.status === 'done',
    staleTime: Infinity,
  });
  useEffect(() => {
    const url = previewImage.data;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [previewImage.data]);

  const jobDone = job.data?.status === 'done';
  useEffect(() => {
    // Printing marked badges printed: the counts change.
    if (jobDone) void client.invalidateQueries({ queryKey: ['mgmt', 'print', 'summary'] });
  }, [jobDone, client]);
  const download = useMutation({
    mutationFn: () => downloadPrintJob(jobId!),
    onSuccess: (blob) => saveBlob(blob, `${document}-${settings.code}.pdf`),
  });

  const busy =
    startPreview.isPending ||
    produce.isPending ||
    job.data?.status === 'running' ||
    job.data?.status === 'queued' ||
    previewJob.data?.status === 'running' ||
    previewJob.data?.status === 'queued' ||
    (vouchersChosen && (!proposal.data || vouchers.length === 0 || vouchers.some((v) => v.name.trim() === '')));
  const s = summary.data;

  return (
    <Stack spacing={2}>
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {t('title')}
        </Typography>
        <KindSwitch kind={kind} />
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          <Choice
            label={t('document')}
            value={document}
            options={DOCUMENTS.map((d) => ({ value: d, label: t(`documents.${d}`) }))}
            onChange={setDocument}
            testId="print-document"
          />
          {scopes.length > 0 && (
            <Choice
              label={t('scope')}
              value={effectiveScope}
              options={scopes.map((value) => ({ value, label: t(`scopes.${value}`) }))}
              onChange={setScope}
              testId="print-scope"
            />
          )}
          {(vouchersChosen || effectiveScope === 'category') && (
            <Choice
              label={t('category')}
              value={category}
              options={categories.map((code) => ({ value: code, label: code }))}
              onChange={setCategory}
              testId="print-category"
            />
          )}
        </Box>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
          {t(`help.${document}`)}
        </Typography>
      </Paper>

      {summary.isError && <ErrorAlert error={summary.error} />}
      {vouchersChosen && proposal.isError && <ErrorAlert error={proposal.error} />}
      {vouchersChosen && proposal.data && <VoucherEditor proposal={proposal.data} vouchers={vouchers} onChange={setVouchers} />}
      {document !== 'meals' && !vouchersChosen && s && (
        <Stack spacing={1} data-testid="print-summary">
          {s.person && <Typography>{t('person', { name: `${s.person.firstName} ${s.person.lastName}`, category: s.person.category })}</Typography>}
          {document === 'badges' && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Chip label={t('summary.total', { count: s.total })} color="primary" />
              <Chip label={t('summary.unprinted', { count: s.unprinted })} variant="outlined" />
              <Chip label={t('summary.reprint', { count: s.reprint })} variant="outlined" color={s.reprint > 0 ? 'warning' : 'default'} />
              <Chip label={t('summary.printed', { count: s.printed })} variant="outlined" />
            </Stack>
          )}
          {s.withoutPhoto.length > 0 && (
            <Alert severity="warning" data-testid="print-without-photo">
              {t('summary.withoutPhoto', { count: s.withoutPhoto.length })}{' '}
              {s.withoutPhoto.map((p) => `${p.firstName} ${p.lastName} (${p.category})`).join(', ')}
            </Alert>
          )}
        </Stack>
      )}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" startIcon={<PreviewIcon />} disabled={busy} onClick={() => startPreview.mutate()} data-testid="print-preview">
          {t('preview')}
        </Button>
        <Button variant="contained" startIcon={<PrintIcon />} disabled={busy} onClick={() => produce.mutate()} data-testid="print-produce">
          {t('produce')}
        </Button>
      </Stack>
      {startPreview.isError && <ErrorAlert error={startPreview.error} />}
      {produce.isError && <ErrorAlert error={produce.error} />}
      {job.isError && <ErrorAlert error={job.error} />}
      {job.data && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={1.5}>
            <JobProgress job={job.data} />
            {jobDone && (
              <Box>
                <Button
                  variant="contained"
                  color="success"
                  startIcon={<DownloadIcon />}
                  disabled={download.isPending}
                  onClick={() => download.mutate()}
                  data-testid="print-download"
                >
                  {t('download')}
                </Button>
              </Box>
            )}
            {download.isError && <ErrorAlert error={download.error} />}
          </Stack>
        </Paper>
      )}
      {(previewJob.data?.status === 'failed' || previewJob.data?.status === 'queued') && <JobProgress job={previewJob.data} />}
      <PrintQueue />
      {previewImage.isError && <ErrorAlert error={previewImage.error} />}
      {previewImage.data && (
        <Paper variant="outlined" sx={{ p: 1, maxWidth: 620, bgcolor: 'grey.100' }}>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            {t('previewCaption')}
          </Typography>
          <Box
            component="img"
            src={previewImage.data}
            alt={t('previewAlt', { document: t(`documents.${document}`) })}
            data-testid="print-preview-image"
            sx={{ width: '100%', display: 'block', bgcolor: '#fff', boxShadow: 1 }}
          />
        </Paper>
      )}
    </Stack>
  );
}
