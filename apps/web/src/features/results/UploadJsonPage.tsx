import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TournamentDiff, TournamentImport, TournamentVersion } from '@bjk/domain/results';
import type { FideTieBreakRules } from '@bjk/domain/tie-breaks';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDateTime } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { SelectField, plainOptions } from '../../shared/forms/SelectField';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { invalidateResources } from '../../shared/data/resource';
import { previewImport, publishImport, restoreVersion, uploadTournamentFile, versionDiff, versionsQuery } from './api';
import { ResultsTable } from './ResultsTable';

/** The published versions' columns (heading `versions.<column>`), and those holding numbers (right-aligned). */
const VERSION_COLUMNS = ['version', 'file', 'players', 'rounds', 'publishedAt', 'actions'] as const;
const NUMERIC_VERSION_COLUMNS: ReadonlySet<string> = new Set(['version', 'players', 'rounds']);

/**
 * `/mgmt/upload_json`: upload a category's Swar JSON (or TRF), confirm the category the file proposes, see what
 * changes against the published version, publish in one click; every version is kept and can be restored.
 */
export function UploadJsonPage() {
  const { t } = useTranslation('results');
  const edition = useEdition();
  const queryClient = useQueryClient();
  const categories = edition.categories.filter((c) => c.kind === 'player');
  const [draft, setDraft] = useState<TournamentImport | null>(null);
  const [category, setCategory] = useState(categories[0]?.code ?? '');
  const [published, setPublished] = useState<TournamentVersion | null>(null);
  // The manager's choice of tie-break rules; null: the preview's proposal.
  const [rules, setRules] = useState<FideTieBreakRules | null>(null);
  // A publish that takes players, rounds or results away is confirmed in a dialog first.
  const [confirming, setConfirming] = useState(false);

  const upload = useMutation({
    mutationFn: uploadTournamentFile,
    // A new file replaces the previous one's preview at once: a failed upload leaves nothing to publish.
    onMutate: () => {
      setDraft(null);
      setPublished(null);
      setRules(null);
    },
    onSuccess: (result) => {
      setDraft(result);
      // The category is the file's own, never the last one used: without a proposal the manager chooses.
      setCategory(result.categoryHint && categories.some((c) => c.code === result.categoryHint) ? result.categoryHint : '');
    },
  });
  const preview = useQuery({
    queryKey: ['results', 'import', draft?.id, category],
    queryFn: () => previewImport(draft!.id, category),
    enabled: draft !== null && category !== '',
    initialData: draft && draft.categoryHint === category ? draft : undefined,
  });
  const publish = useMutation({
    mutationFn: (confirm: boolean) => publishImport(draft!.id, category, rules ?? undefined, confirm),
    onSuccess: (version) => {
      setConfirming(false);
      setPublished(version);
      setDraft(null);
      void queryClient.invalidateQueries({ queryKey: ['results'] });
      // The public pages' copies too (the resource cache), should the manager open them next.
      invalidateResources('results:');
    },
  });

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.mutate(file);
  };
  const shown = preview.data ?? draft;

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('upload.title')}</Typography>
      <Paper sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography>{t('upload.intro')}</Typography>
          <div>
            <Button variant="contained" component="label" disabled={upload.isPending}>
              {t('upload.choose')}
              <input type="file" hidden accept=".json,.trf,.txt,application/json,text/plain" onChange={chooseFile} data-testid="upload-file" />
            </Button>
          </div>
          {upload.isError && <ErrorAlert error={upload.error} />}
          {published && (
            <Alert severity="success" data-testid="upload-published">
              {t('upload.published', { category: published.category, version: published.version })}
            </Alert>
          )}
        </Stack>
      </Paper>
      {draft && shown && (
        <Paper sx={{ p: 2 }} data-testid="upload-preview">
          <Stack spacing={2}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              {t('upload.previewTitle', { name: shown.name })}
            </Typography>
            <Typography color="textSecondary">
              {t('upload.facts', {
                file: shown.fileName,
                format: shown.format,
                players: shown.players,
                rounds: shown.pairedRounds,
                planned: shown.plannedRounds,
              })}
            </Typography>
            <SelectField
              label={t('upload.category')}
              value={category}
              onChange={(e) => setCategory(e.target.value)}
              sx={{ maxWidth: 240 }}
              size="small"
              helperText={shown.categoryHint ? t('upload.proposed', { category: shown.categoryHint }) : t('upload.noProposal')}
              options={plainOptions(categories.map((c) => c.code))}
            />
            {preview.data && preview.data.tieBreakRulesChoices.length > 0 && (
              <SelectField
                label={t('upload.rules')}
                value={rules ?? preview.data.tieBreakRules}
                onChange={(e) => setRules(e.target.value as FideTieBreakRules)}
                sx={{ maxWidth: 480 }}
                size="small"
                helperText={t('upload.rulesHelp')}
                data-testid="upload-rules"
                options={preview.data.tieBreakRulesChoices.map((choice) => ({ value: choice, label: t(`upload.rulesChoice.${choice}`) }))}
              />
            )}
            {preview.data && preview.data.tieBreakRulesChoices.length === 0 && (
              <Typography color="textSecondary" data-testid="upload-rules-fixed">
                {t(`standings.rules.${preview.data.tieBreakRules}`, { program: preview.data.format })}
              </Typography>
            )}
            {preview.isError && <ErrorAlert error={preview.error} />}
            {preview.data && <DiffView preview={preview.data} />}
            <div>
              <Button
                variant="contained"
                color="primary"
                disabled={!preview.data || publish.isPending}
                onClick={() => (preview.data?.confirmationRequired ? setConfirming(true) : publish.mutate(false))}
                data-testid="upload-publish"
              >
                {t('upload.publish', { category })}
              </Button>
            </div>
            {confirming && preview.data && (
              <ConfirmDialog
                title={t('confirm.publishTitle', { category })}
                diff={preview.data.diff}
                action={t('upload.publish', { category })}
                pending={publish.isPending}
                error={publish.error}
                onConfirm={() => publish.mutate(true)}
                onClose={() => setConfirming(false)}
              />
            )}
            {publish.isError && <ErrorAlert error={publish.error} />}
          </Stack>
        </Paper>
      )}
      <Versions category={published?.category ?? (category || categories[0]?.code || '')} categories={categories.map((c) => c.code)} onCategory={setCategory} />
    </Stack>
  );
}

/** What a publish or a restore takes away, named before the manager confirms it. */
function ConfirmDialog(props: {
  title: string;
  diff: TournamentDiff;
  action: string;
  pending: boolean;
  error: Error | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('results');
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="md" aria-labelledby="results-confirm-title" data-testid="results-confirm">
      <DialogTitle id="results-confirm-title">{props.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DiffList diff={props.diff} comparedWithVersion={null} heading={false} />
          {props.error && <ErrorAlert error={props.error} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('confirm.cancel')}</Button>
        <Button variant="contained" color="warning" onClick={props.onConfirm} disabled={props.pending} data-testid="results-confirm-button">
          {props.action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DiffView({ preview }: { preview: TournamentImport }) {
  return <DiffList diff={preview.diff} comparedWithVersion={preview.comparedWithVersion} heading />;
}

/** A bye or an absence is not a game result: the preview names it in words ("half-point bye"), not by its code. */
const UNPLAYED_OUTCOMES = new Set(['bye', 'half_bye', 'zero_bye', 'absent', 'pending']);

function DiffList({ diff, comparedWithVersion, heading }: { diff: TournamentDiff; comparedWithVersion: number | null; heading: boolean }) {
  const { t } = useTranslation('results');
  const resultInWords = (value: string | null) => (value === null ? '—' : UNPLAYED_OUTCOMES.has(value) ? t(`outcome.${value}`) : value);
  const nothing =
    diff.playersAdded.length +
      diff.playersRemoved.length +
      diff.roundsAdded.length +
      diff.roundsRemoved.length +
      diff.resultsChanged.length +
      diff.unofficialContradicted.length ===
    0;
  return (
    <Stack spacing={1} data-testid="upload-diff">
      {heading && <Typography variant="subtitle2">{comparedWithVersion ? t('diff.against', { version: comparedWithVersion }) : t('diff.first')}</Typography>}
      {nothing && <Typography>{t('diff.nothing')}</Typography>}
      {diff.roundsRemoved.length > 0 && (
        <Typography data-testid="diff-rounds-removed" sx={{ fontWeight: 700 }}>
          {t('diff.roundsRemoved', { rounds: diff.roundsRemoved.join(', ') })}
        </Typography>
      )}
      {diff.roundsAdded.length > 0 && <Typography data-testid="diff-rounds">{t('diff.roundsAdded', { rounds: diff.roundsAdded.join(', ') })}</Typography>}
      {diff.playersAdded.length > 0 && (
        <Typography data-testid="diff-added">
          {t('diff.playersAdded', { count: diff.playersAdded.length, names: diff.playersAdded.slice(0, 30).join('; ') })}
        </Typography>
      )}
      {diff.playersRemoved.length > 0 && (
        <Typography data-testid="diff-removed">
          {t('diff.playersRemoved', { count: diff.playersRemoved.length, names: diff.playersRemoved.join('; ') })}
        </Typography>
      )}
      {diff.resultsChanged.length > 0 && (
        <>
          <Typography variant="subtitle2" data-testid="diff-results">
            {t('diff.results', {
              added: diff.resultsChanged.filter((c) => c.before === null).length,
              changed: diff.resultsChanged.filter((c) => c.before !== null && c.after !== null).length,
              removed: diff.resultsChanged.filter((c) => c.after === null).length,
            })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {diff.resultsChanged.map((c) => (
              <li
                key={`${c.round}-${c.white}-${c.black ?? ''}`}
                data-testid={c.before === null ? 'diff-result-added' : c.after === null ? 'diff-result-removed' : 'diff-changed'}
              >
                {t(c.before === null ? 'diff.resultAdded' : c.after === null ? 'diff.resultRemoved' : 'diff.resultChanged', {
                  round: c.round,
                  board: c.board ?? '—',
                  game: c.black === null ? c.white : `${c.white} – ${c.black}`,
                  before: resultInWords(c.before),
                  after: resultInWords(c.after),
                })}
              </li>
            ))}
          </Box>
        </>
      )}
      {diff.unofficialContradicted.map((c) => (
        <Alert key={`${c.round}-${c.board}`} severity="warning" data-testid="diff-contradicted">
          {t('diff.contradicted', { round: c.round, board: c.board, unofficial: c.unofficial, official: c.official ?? '—' })}
        </Alert>
      ))}
    </Stack>
  );
}

function Versions({ category, categories, onCategory }: { category: string; categories: string[]; onCategory: (code: string) => void }) {
  const { t } = useTranslation('results');
  const edition = useEdition();
  const queryClient = useQueryClient();
  const versions = useQuery(versionsQuery(category));
  // Restoring asks first, showing what it changes against the current version.
  const [restoring, setRestoring] = useState<number | null>(null);
  const restoreDiff = useQuery({
    queryKey: ['results', category, 'versions', restoring, 'diff'],
    queryFn: () => versionDiff(category, restoring!),
    enabled: restoring !== null,
  });
  const restore = useMutation({
    mutationFn: (version: number) => restoreVersion(category, version),
    onSuccess: () => {
      setRestoring(null);
      void queryClient.invalidateQueries({ queryKey: ['results'] });
      // The public pages' copies too (the resource cache), should the manager open them next.
      invalidateResources('results:');
    },
  });
  const notPublished = versions.isError && (versions.error as { code?: string }).code === 'results.not_published';
  return (
    <Paper sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {t('versions.title')}
          </Typography>
          <SelectField
            size="small"
            label={t('upload.category')}
            value={category}
            onChange={(e) => onCategory(e.target.value)}
            sx={{ minWidth: 160 }}
            data-testid="versions-category"
            options={plainOptions(categories)}
          />
        </Stack>
        {versions.isError && !notPublished && <ErrorAlert error={versions.error} />}
        {restoreDiff.isError && <ErrorAlert error={restoreDiff.error} />}
        {restoring !== null && restoreDiff.data && (
          <ConfirmDialog
            title={t('confirm.restoreTitle', { category, version: restoring, current: restoreDiff.data.comparedWithVersion })}
            diff={restoreDiff.data.diff}
            action={t('versions.restore')}
            pending={restore.isPending}
            error={restore.error}
            onConfirm={() => restore.mutate(restoring)}
            onClose={() => setRestoring(null)}
          />
        )}
        {versions.data && versions.data.length === 0 && <Typography>{t('versions.none')}</Typography>}
        {versions.data && versions.data.length > 0 && (
          <ResultsTable testId="versions-table" label={t('versions.title')}>
            <thead>
              <tr>
                {VERSION_COLUMNS.map((column) => (
                  <th key={column} scope="col" className={NUMERIC_VERSION_COLUMNS.has(column) ? 'bjk-num' : undefined}>
                    {t(`versions.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {versions.data.map((v) => (
                <tr key={v.version} data-testid="version-row">
                  <td className="bjk-num">{v.version}</td>
                  <td>
                    {v.fileName}
                    {v.restoredFrom && <Chip size="small" sx={{ ml: 1 }} label={t('versions.restoredFrom', { version: v.restoredFrom })} />}
                  </td>
                  <td className="bjk-num">{v.players}</td>
                  <td className="bjk-num">{v.pairedRounds}</td>
                  <td>
                    {formatDateTime(v.publishedAt, currentLanguage(), edition.timeZone)}
                    {v.publishedBy && ` · ${v.publishedBy}`}
                  </td>
                  <td>
                    {v.current ? (
                      <Chip size="small" color="success" label={t('versions.current')} />
                    ) : (
                      <Button size="small" onClick={() => setRestoring(v.version)} disabled={restore.isPending} data-testid="version-restore">
                        {t('versions.restore')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </ResultsTable>
        )}
      </Stack>
    </Paper>
  );
}
