import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UNOFFICIAL_RESULTS, type Pairing, type UnofficialResult } from '@bjk/domain/results';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { SelectField } from '../../shared/forms/SelectField';
import { refreshResources } from '../../shared/data/resource';
import { resultsPrefix } from './resources';
import { enterUnofficialResult, pairingsQuery, resultsCategoriesQuery, unofficialRoundQuery } from './api';
import { useResultsStream } from './useResultsStream';

const CLEAR = 'clear';

/**
 * `/mgmt/unofficial_results`: an arbiter picks category and round and enters each board's result with one tap.
 * Every board is saved on its own (no lost updates between arbiters); others' entries arrive live.
 */
export function UnofficialResultsPage() {
  const { t } = useTranslation('results');
  const categories = useQuery(resultsCategoriesQuery);
  const [chosen, setChosen] = useState('');
  const category = chosen || categories.data?.[0]?.category || '';
  const summary = categories.data?.find((c) => c.category === category);
  const [chosenRound, setChosenRound] = useState(0);
  const round = chosenRound || summary?.pairedRounds || 0;
  const pairings = useQuery({ ...pairingsQuery(category, round), enabled: category !== '' && round > 0 });
  const entered = useQuery({ ...unofficialRoundQuery(category, round), enabled: category !== '' && round > 0 });
  const queryClient = useQueryClient();
  const live = useResultsStream(category || null, (changed) => void queryClient.invalidateQueries({ queryKey: ['results', changed] }));

  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('unofficial.title')}</Typography>
      {live === 'polling' && (
        <Typography variant="body2" color="textSecondary" role="status" data-testid="results-live-paused">
          {t('livePaused')}
        </Typography>
      )}
      {categories.isError && <ErrorAlert error={categories.error} />}
      {categories.data && categories.data.length === 0 && <Typography>{t('unofficial.nothingPublished')}</Typography>}
      {summary && (
        <Stack direction="row" spacing={2}>
          <SelectField
            size="small"
            label={t('upload.category')}
            value={category}
            onChange={(e) => (setChosen(e.target.value), setChosenRound(0))}
            data-testid="unofficial-category"
            options={categories.data!.map((c) => ({ value: c.category, label: c.category }))}
          />
          <SelectField
            size="small"
            label={t('columns.round')}
            value={round}
            onChange={(e) => setChosenRound(Number(e.target.value))}
            options={Array.from({ length: summary.pairedRounds }, (_, i) => summary.pairedRounds - i).map((r) => ({
              value: r,
              label: t('pairings.round', { round: r }),
            }))}
          />
        </Stack>
      )}
      {pairings.isError && <ErrorAlert error={pairings.error} />}
      {pairings.data && <RoundProgress pairings={pairings.data.pairings} />}
      {entered.data && entered.data.stale.length > 0 && (
        <Alert severity="warning" data-testid="unofficial-stale">
          {t('unofficial.stale')}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {entered.data.stale.map((u) => (
              <li key={`${u.white}-${u.black}`}>{t('unofficial.staleEntry', { board: u.board, white: u.white, black: u.black, result: u.result })}</li>
            ))}
          </Box>
        </Alert>
      )}
      {pairings.data?.pairings
        .filter((p) => p.board !== null)
        .map((p) => (
          <BoardRow key={p.board} category={category} round={round} pairing={p} />
        ))}
    </Stack>
  );
}

/** "8 of 12 boards have a result" for the round (official or entered here); a round of byes only says so. */
function RoundProgress({ pairings }: { pairings: Pairing[] }) {
  const { t } = useTranslation('results');
  const boards = pairings.filter((p) => p.board !== null);
  if (boards.length === 0) {
    return (
      <Typography color="textSecondary" data-testid="unofficial-no-boards">
        {t('unofficial.noBoards')}
      </Typography>
    );
  }
  const done = boards.filter((p) => p.result !== null || p.unofficialResult !== null).length;
  return (
    <Typography variant="subtitle1" component="p" role="status" data-testid="unofficial-progress">
      {t('unofficial.progress', { done, count: boards.length })}
    </Typography>
  );
}

/**
 * The results as big targets (WCAG 2.2 target size, thumbs in a noisy hall): the three common ones on the first
 * row, forfeits and the rare ones below, "clear" last; the chosen one filled in the primary colour (AA contrast).
 */
const resultGridSx = {
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: 1,
  '& .MuiToggleButtonGroup-grouped': {
    m: 0,
    minHeight: 48,
    fontSize: '1rem',
    color: 'text.primary',
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700, borderColor: 'primary.main' },
  },
} as const;

function BoardRow({ category, round, pairing }: { category: string; round: number; pairing: Pairing }) {
  const { t } = useTranslation('results');
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (result: UnofficialResult | null) => enterUnofficialResult(category, round, pairing, result),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['results', category] });
      void refreshResources(resultsPrefix(category));
    },
  });
  const official = pairing.result;
  return (
    <Paper sx={{ p: 1.5 }} data-testid={`board-${pairing.board}`}>
      <Stack spacing={1}>
        <Typography>
          <Box component="span" sx={{ fontWeight: 700, mr: 1 }}>
            {t('unofficial.board', { board: pairing.board })}
          </Box>
          {t('unofficial.game', { white: pairing.white.name, black: pairing.black?.name ?? '' })}
        </Typography>
        {official ? (
          <Typography color="textSecondary">{t('unofficial.official', { result: official })}</Typography>
        ) : (
          <ToggleButtonGroup
            exclusive
            size="small"
            value={pairing.unofficialResult ?? null}
            onChange={(_, value: UnofficialResult | typeof CLEAR | null) => value !== null && save.mutate(value === CLEAR ? null : value)}
            aria-label={t('unofficial.resultOf', { board: pairing.board })}
            sx={resultGridSx}
            disabled={save.isPending}
          >
            {UNOFFICIAL_RESULTS.map((result) => (
              <ToggleButton key={result} value={result}>
                {result}
              </ToggleButton>
            ))}
            {/* Only a result entered here can be cleared; without one nothing is chosen. */}
            <ToggleButton value={CLEAR} disabled={!pairing.unofficialResult}>
              {t('unofficial.clear')}
            </ToggleButton>
          </ToggleButtonGroup>
        )}
        {save.isError && <ErrorAlert error={save.error} />}
      </Stack>
    </Paper>
  );
}
