import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { GameSource, GameUploadJob } from '@bjk/domain/games';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { useEdition } from '../../../shared/edition/useEdition';
import { formatDateTime, formatNumber } from '../../../shared/format';
import { HttpError } from '../../../shared/http';
import { currentLanguage } from '../../../shared/i18n';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { SelectField } from '../../../shared/forms/SelectField';
import { TableHeadRow } from '../../../shared/ui/TableHeadRow';
import { GameActions } from './GameActions';
import {
  deletedGamesQuery,
  gameRoundsQuery,
  gameSourcesQuery,
  gameUploadQuery,
  gameUploadsQuery,
  linkGame,
  managedGamesQuery,
  pushUrl,
  restoreGame,
  rotatePushToken,
  saveGameSource,
  uploadGames,
} from './api';

/** The columns of a round's games and of the sources table (their headings are `games.manage.<column>`). */
const GAME_COLUMNS = ['white', 'black', 'moves', 'pairingBoard', 'link', 'actions'] as const;
const SOURCE_COLUMNS = ['category', 'delay', 'sources', 'gameCount'] as const;

type Language = ReturnType<typeof currentLanguage>;
/** The poller keeps a failure class (`outbound.timeout`, `http.503`, `pgn.refused.3`), never the relay's own words. */
function pollErrorText(t: TFunction, code: string): string {
  const [kind, detail] = [code.slice(0, code.indexOf('.')), code.slice(code.indexOf('.') + 1)];
  if (kind === 'http') return t('games.manage.pollFailure.http', { status: detail });
  if (kind === 'pgn') return t('games.manage.pollFailure.refused', { count: Number(detail.replace(/^refused\./, '')) });
  return t(`games.manage.pollFailure.${detail}`, { defaultValue: t('games.manage.pollFailure.protocol') });
}

/** A poll's moment to the second: polls come every few seconds, so minutes alone cannot tell them apart. */
function when(value: string | null, never: string, language: Language, timeZone: string): string {
  return value ? formatDateTime(value, language, timeZone, { dateStyle: 'medium', timeStyle: 'medium' }) : never;
}

/** A failed upload's coded error, as the error alert shows a refused request's. */
const uploadFailure = (error: NonNullable<GameUploadJob['error']>) => new HttpError(500, error.code, error.message, error.details);

/**
 * The upload the manager follows: the one just sent, else the category's last (leaving and coming back shows it). While
 * it is queued or running its progress is read again every second; once done, its report, as the upload answered it
 * before it became a job; once failed, its coded error.
 */
function UploadJobStatus({ category, started }: { category: string; started: GameUploadJob | null }) {
  // The report names refused games by their error code, worded in the errors namespace.
  const { t } = useTranslation(['results', 'errors']);
  const queryClient = useQueryClient();
  const language = currentLanguage();
  const uploads = useQuery(gameUploadsQuery(category));
  const id = started?.id ?? uploads.data?.[0]?.id ?? null;
  const followed = useQuery({ ...gameUploadQuery(id ?? ''), enabled: id !== null, placeholderData: started?.id === id ? started : undefined });
  const job = followed.data ?? null;
  const status = job?.status;
  // The round table and the sources' counts follow once the job has stored its games.
  useEffect(() => {
    if (status === 'done') void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'games' && query.queryKey[1] !== 'upload' });
  }, [status, queryClient]);
  if (!job) return null;
  const n = (value: number | null) => formatNumber(value ?? 0, language);
  if (job.status === 'queued' || job.status === 'running') {
    const storing = job.storable !== null;
    const [done, total] = storing ? [job.stored, job.storable ?? 0] : [job.parsed, job.total ?? 0];
    const text =
      job.status === 'queued' || job.total === null
        ? t('games.manage.uploadQueued')
        : storing
          ? t('games.manage.uploadStoring', { done: n(done), total: n(total) })
          : t('games.manage.uploadChecking', { done: n(done), total: n(total) });
    return (
      <Box data-testid="upload-progress" aria-live="polite">
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          {text}
        </Typography>
        <LinearProgress
          variant={total > 0 ? 'determinate' : 'indeterminate'}
          value={total > 0 ? (100 * done) / total : undefined}
          aria-label={t('games.manage.uploadProgress')}
        />
      </Box>
    );
  }
  if (job.status === 'failed') return job.error ? <ErrorAlert error={uploadFailure(job.error)} /> : null;
  if (job.status === 'interrupted') {
    return (
      <Alert severity="warning" data-testid="upload-interrupted">
        {t('games.manage.uploadInterrupted', { done: n(job.stored), total: n(job.storable ?? job.total) })}
      </Alert>
    );
  }
  const report = job.report!;
  return (
    <Alert severity={report.errors.length > 0 ? 'warning' : 'success'} data-testid="upload-report">
      {t('games.manage.report', report)}
      {report.errors.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {report.errors.map((error) => (
            <li key={`${error.game}-${error.code}`}>
              {t('games.manage.errorAt', { game: error.game, line: error.line, white: error.white ?? '?', black: error.black ?? '?' })}:{' '}
              {t(`errors:codes.${error.code}`)} ({error.message})
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

/** Delay, polled address and its status, push token and upload of one category. */
function SourceEditor({ source }: { source: GameSource }) {
  const { t } = useTranslation('results');
  const { timeZone } = useEdition();
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(null);
  const [started, setStarted] = useState<GameUploadJob | null>(null);
  const save = useMutation({
    mutationFn: (form: FormData) =>
      saveGameSource(source.category, {
        delaySeconds: Math.round(Number(form.get('delayMinutes') || 0) * 60),
        pollUrl: String(form.get('pollUrl') ?? '').trim() || null,
        pollSeconds: Number(form.get('pollSeconds') || 30),
        pollRound: form.get('pollRound') ? Number(form.get('pollRound')) : null,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['games', 'sources'] }),
  });
  const rotate = useMutation({
    mutationFn: () => rotatePushToken(source.category),
    onSuccess: (answer) => {
      setToken(answer.token);
      // "Has a token" and the rest of the source follow at once, not after a reload.
      void queryClient.invalidateQueries({ queryKey: gameSourcesQuery.queryKey });
    },
  });
  const upload = useMutation({
    mutationFn: (form: FormData) => uploadGames(source.category, form.get('round') ? Number(form.get('round')) : null, form.get('file') as File),
    // The answer is the job, queued: the page follows it from here.
    onSuccess: (job) => {
      setStarted(job);
      void queryClient.invalidateQueries({ queryKey: gameUploadsQuery(source.category).queryKey });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(new FormData(event.currentTarget));
  };
  const submitUpload = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (form.get('file') instanceof File && (form.get('file') as File).size > 0) upload.mutate(form);
  };
  const language = currentLanguage();
  return (
    <Stack spacing={2}>
      <Box component="form" onSubmit={submit} aria-label={t('games.manage.sourceOf', { category: source.category })}>
        {/* The address on a line of its own, the numbers beside each other, every label above its field (shrunk) even
            when empty: whole in every language, none cut to "Uitzendvertraging (min…". */}
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              name="delayMinutes"
              type="number"
              label={t('games.manage.delay')}
              defaultValue={source.delaySeconds / 60}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 0, max: 180, step: 'any' } }}
              sx={{ flex: 1 }}
            />
            <TextField
              name="pollSeconds"
              type="number"
              label={t('games.manage.pollSeconds')}
              defaultValue={source.pollSeconds}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 5, max: 3600 } }}
              sx={{ flex: 1 }}
            />
            <TextField
              name="pollRound"
              type="number"
              label={t('games.manage.pollRound')}
              defaultValue={source.pollRound ?? ''}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 1, max: 30 } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <TextField
            name="pollUrl"
            type="url"
            label={t('games.manage.pollUrl')}
            defaultValue={source.pollUrl ?? ''}
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('games.manage.save')}
          </Button>
          {save.isSuccess && <Typography role="status">{t('games.manage.saved')}</Typography>}
        </Stack>
        {save.isError && <ErrorAlert error={save.error} />}
      </Box>
      {source.pollUrl && (
        <Typography variant="body2" data-testid="poll-status">
          {t('games.manage.lastSuccess')}: {when(source.lastPollSuccessAt, t('games.manage.never'), language, timeZone)}
          {source.lastPollError
            ? ` · ${t('games.manage.lastError')} (${when(source.lastPollErrorAt, '', language, timeZone)}): ${pollErrorText(t, source.lastPollError)}`
            : ''}
          {source.pollFailures > 0 ? ` · ${t('games.manage.failures', { count: source.pollFailures })}` : ''}
          {source.nextPollAt ? ` · ${t('games.manage.nextPoll')}: ${when(source.nextPollAt, '', language, timeZone)}` : ''}
        </Typography>
      )}
      <Stack spacing={1}>
        <Typography variant="body2">
          {t('games.manage.pushAddress')}: <code style={{ overflowWrap: 'anywhere' }}>{pushUrl(source.category)}</code> ·{' '}
          {source.hasPushToken ? t('games.manage.hasToken') : t('games.manage.noToken')}
          {source.lastPushAt ? ` · ${t('games.manage.lastPush')}: ${when(source.lastPushAt, '', language, timeZone)}` : ''}
        </Typography>
        <Box>
          <Button variant="outlined" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
            {t('games.manage.rotate')}
          </Button>
        </Box>
        {token && (
          <Alert severity="info">
            {t('games.manage.tokenShown')} <code data-testid="push-token">{token}</code>
          </Alert>
        )}
        {rotate.isError && <ErrorAlert error={rotate.error} />}
      </Stack>
      <Box component="form" onSubmit={submitUpload} aria-label={t('games.manage.upload')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <TextField
            name="file"
            type="file"
            label={t('games.manage.file')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: '.pgn,application/x-chess-pgn,text/plain' } }}
          />
          <TextField
            name="round"
            type="number"
            label={t('games.manage.uploadRound')}
            helperText={t('games.manage.uploadRoundHint')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 1, max: 30 } }}
          />
          <Button type="submit" variant="contained" disabled={upload.isPending} sx={{ mt: { md: 1 } }}>
            {t('games.manage.uploadButton')}
          </Button>
        </Stack>
        {upload.isError && <ErrorAlert error={upload.error} />}
      </Box>
      <UploadJobStatus category={source.category} started={started} />
    </Stack>
  );
}

/** The pairing program's name once matched, with the relay's below it when it differs (what the relay typed). */
function RelayName({ shown, relay }: { shown: string; relay: string }) {
  const { t } = useTranslation('results');
  return (
    <>
      {shown}
      {relay !== shown && (
        <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
          {t('games.manage.relayName', { name: relay })}
        </Typography>
      )}
    </>
  );
}

/** The games of a round as received (no delay): their pairing board, or why they match none, to link by hand. */
function RoundGamesTable({ category, categories }: { category: string; categories: string[] }) {
  const { t } = useTranslation('results');
  const queryClient = useQueryClient();
  // The table opens on the last round that has games (round 9 on the last day) and follows the rounds that games
  // arrive in (an upload of round 3 shows round 3), until the manager picks a round. It never moves back by itself:
  // deleting a round's last game must not jump to another round (where its deleted games, and their restore, would
  // not be shown).
  const rounds = useQuery(gameRoundsQuery(category));
  const [picked, setRound] = useState<number | null>(null);
  const [latest, setLatest] = useState<number | null>(null);
  const newest = rounds.data?.rounds.at(-1);
  useEffect(() => {
    if (newest !== undefined && (latest === null || newest > latest)) setLatest(newest);
  }, [newest, latest]);
  const round = picked ?? latest ?? newest ?? 1;
  const games = useQuery(managedGamesQuery(category, round));
  const link = useMutation({
    mutationFn: ({ id, board }: { id: number; board: number | null }) => linkGame(id, board),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['games', 'managed', category] }),
  });
  return (
    <Stack spacing={1}>
      <SelectField
        label={t('games.manage.round')}
        value={round}
        onChange={(e) => setRound(Number(e.target.value))}
        sx={{ maxWidth: 160 }}
        options={Array.from({ length: Math.max(11, round, ...(rounds.data?.rounds ?? [])) }, (_, i) => ({
          value: i + 1,
          label: t('games.round', { round: i + 1 }),
        }))}
      />
      {games.isError && <ErrorAlert error={games.error} />}
      {link.isError && <ErrorAlert error={link.error} />}
      {games.data && games.data.length === 0 && <Typography color="textSecondary">{t('games.noGames')}</Typography>}
      {games.data && games.data.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHeadRow cells={GAME_COLUMNS.map((column) => t(`games.manage.${column}`))} />
            <TableBody>
              {games.data.map((game) => (
                <TableRow key={game.id} data-testid="managed-game">
                  <TableCell>
                    <RelayName shown={game.white.name} relay={game.relayWhite} />
                  </TableCell>
                  <TableCell>
                    <RelayName shown={game.black.name} relay={game.relayBlack} />
                  </TableCell>
                  <TableCell>
                    {game.moves.length} · {game.result}
                  </TableCell>
                  <TableCell>
                    {game.pairingBoard ?? t(`games.manage.unmatched.${game.unmatchedReason ?? 'players_differ'}`)}
                    {game.linkedByHand ? ` (${t('games.manage.linkedByHand')})` : ''}
                    {game.movedBy ? ` (${t('games.manage.moved')})` : ''}
                    {game.boardShared && (
                      <Typography component="span" color="warning" sx={{ display: 'block', fontWeight: 700 }} data-testid="game-board-shared">
                        {t('games.manage.boardShared', { board: game.board })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Box
                      component="form"
                      onSubmit={(event: FormEvent<HTMLFormElement>) => {
                        event.preventDefault();
                        const value = new FormData(event.currentTarget).get('board');
                        link.mutate({ id: game.id, board: value ? Number(value) : null });
                      }}
                      sx={{ display: 'flex', gap: 1 }}
                    >
                      <TextField
                        name="board"
                        type="number"
                        size="small"
                        label={t('games.manage.board')}
                        slotProps={{ htmlInput: { min: 1, max: 500 } }}
                        sx={{ width: 90 }}
                      />
                      <Button type="submit" size="small">
                        {t('games.manage.linkButton')}
                      </Button>
                    </Box>
                  </TableCell>
                  <TableCell>
                    <GameActions game={game} categories={categories} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <DeletedGames category={category} round={round} />
    </Stack>
  );
}

/** The round's deleted games, each with its restore (the relay's copies are skipped until then). */
function DeletedGames({ category, round }: { category: string; round: number }) {
  const { t } = useTranslation('results');
  const { timeZone } = useEdition();
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const deleted = useQuery(deletedGamesQuery(category, round));
  const restore = useMutation({
    mutationFn: restoreGame,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['games'] }),
  });
  if (!deleted.data || deleted.data.length === 0) return deleted.isError ? <ErrorAlert error={deleted.error} /> : null;
  return (
    <Stack spacing={1} data-testid="deleted-games">
      <Typography variant="h3" sx={{ fontSize: '1.05rem' }}>
        {t('games.manage.deletedTitle')}
      </Typography>
      {restore.isError && <ErrorAlert error={restore.error} />}
      {deleted.data.map((game) => (
        <Stack key={game.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }} data-testid="deleted-game">
          <Typography sx={{ flex: 1 }}>
            {t('games.gameTitle', { white: game.white, black: game.black })}
            {game.moves !== null ? ` · ${game.moves} · ${game.result}` : ''}
            <Typography component="span" color="textSecondary" sx={{ display: 'block', fontSize: '0.85rem' }}>
              {t('games.manage.deletedBy', { who: game.deletedBy, when: when(game.deletedAt, '', language, timeZone) })}
            </Typography>
          </Typography>
          {game.restorable ? (
            <Button size="small" onClick={() => restore.mutate(game.id)} disabled={restore.isPending} data-testid="game-restore">
              {t('games.manage.restore')}
            </Button>
          ) : (
            <Typography color="textSecondary">{t('games.manage.notRestorable')}</Typography>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/** `/mgmt/games`: per category, where its live games come from (push, poll, upload), its delay, its games. */
export function ManageGamesPage() {
  const { t } = useTranslation('results');
  const sources = useQuery(gameSourcesQuery);
  const [category, setCategory] = useState<string | null>(null);
  if (sources.isPending) return <PageLoading />;
  if (sources.isError) return <ErrorAlert error={sources.error} />;
  const chosen = sources.data.find((s) => s.category === category) ?? sources.data[0];
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('games.manage.title')}</Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('games.manage.title')}>
          <TableHeadRow cells={SOURCE_COLUMNS.map((column) => t(`games.manage.${column}`))} />
          <TableBody>
            {sources.data.map((s) => (
              <TableRow key={s.category} hover selected={s.category === chosen?.category}>
                <TableCell>
                  <Button size="small" onClick={() => setCategory(s.category)} aria-pressed={s.category === chosen?.category}>
                    {s.category}
                  </Button>
                </TableCell>
                <TableCell>{formatNumber(s.delaySeconds / 60, currentLanguage(), { maximumFractionDigits: 1 })}</TableCell>
                <TableCell>
                  {[s.hasPushToken ? t('games.manage.push') : null, s.pollUrl ? t('games.manage.poll') : null].filter(Boolean).join(' · ') || '–'}
                  {s.lastPollError ? ' ⚠' : ''}
                </TableCell>
                <TableCell>{s.gameCount}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {chosen && (
        <Paper variant="outlined" sx={{ p: 2 }} key={chosen.category}>
          <Stack spacing={3}>
            <Typography variant="h2" sx={{ fontSize: '1.4rem' }}>
              {t('games.manage.sourceOf', { category: chosen.category })}
            </Typography>
            <SourceEditor source={chosen} />
            <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
              {t('games.manage.roundGames')}
            </Typography>
            <RoundGamesTable category={chosen.category} categories={sources.data.map((s) => s.category)} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
