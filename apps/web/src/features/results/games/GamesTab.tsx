import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { gameRoundsQuery } from './api';
import { RoundGames } from './GamesPage';

/**
 * The Games tab of a category page: the rounds that have games (`?round=`, default the last) and every board of the
 * chosen one, moving live. Loaded lazily by the category page, so the board library stays out of its other tabs.
 */
export function GamesTab({ category }: { category: string }) {
  const { t } = useTranslation('results');
  const [params, setParams] = useSearchParams();
  const rounds = useQuery(gameRoundsQuery(category));
  if (rounds.isPending) return <PageLoading />;
  if (rounds.isError) return <ErrorAlert error={rounds.error} />;
  const list = rounds.data.rounds;
  if (list.length === 0) return <Typography color="text.secondary">{t('games.noRounds')}</Typography>;
  const chosen = Number(params.get('round') ?? 0);
  const round = list.includes(chosen) ? chosen : list.at(-1)!;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} className="results-no-print" role="group" aria-label={t('games.rounds')}>
        {[...list].reverse().map((r) => (
          <Chip
            key={r}
            label={t('games.round', { round: r })}
            clickable
            color={r === round ? 'primary' : 'default'}
            aria-pressed={r === round}
            onClick={() => setParams({ tab: 'games', round: String(r) })}
          />
        ))}
      </Stack>
      <RoundGames category={category} round={round} />
    </Stack>
  );
}
