import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { pairingsQuery } from './api';
import { PlayerLink } from './PlayerLink';

/**
 * The round being played, above every tab: how many games have a result, the arbiters' unofficial results (each
 * labelled so, until the official file confirms it) and the way to the provisional standings. The page's live
 * stream refetches it when an arbiter enters a result; nothing shows once every game has its official result.
 */
export function CurrentRound({ category, round }: { category: string; round: number }) {
  const { t } = useTranslation('results');
  const query = useQuery(pairingsQuery(category, round));
  const games = (query.data?.pairings ?? []).filter((p) => p.black !== null);
  const open = games.filter((p) => p.result === null);
  if (round === 0 || open.length === 0) return null;
  const unofficial = open.filter((p) => p.unofficialResult !== null);
  return (
    <Alert severity="info" variant="outlined" data-testid="current-round" className="results-no-print" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{t('current.title', { round })}</AlertTitle>
      <Box sx={{ mb: unofficial.length ? 1 : 0 }} data-testid="current-round-count">
        {t('current.count', { done: games.length - open.length + unofficial.length, total: games.length })}
        {unofficial.length > 0 && ` ${t('current.note')}`}
      </Box>
      {unofficial.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', rowGap: 0.5 }} aria-label={t('current.unofficialList')}>
          {unofficial.map((p) => (
            <Box component="li" key={p.board ?? p.white.pairingNumber} data-testid="current-round-result" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
              <Box component="span" sx={{ color: 'text.secondary', minWidth: '2.5em' }}>
                {t('current.board', { board: p.board })}
              </Box>
              <PlayerLink category={category} pairingNumber={p.white.pairingNumber} name={p.white.name} />
              <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {p.unofficialResult}
                <Box component="span" sx={{ ml: 0.5, fontWeight: 400, fontSize: '0.75rem', color: 'warning.dark' }}>
                  {t('pairings.unofficialShort')}
                </Box>
              </Box>
              <PlayerLink category={category} pairingNumber={p.black!.pairingNumber} name={p.black!.name} />
            </Box>
          ))}
        </Box>
      )}
      <Stack direction="row" useFlexGap sx={{ mt: 1, flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
        <Link component={RouterLink} to={`?tab=pairings&round=${round}`}>
          {t('current.allPairings')}
        </Link>
        {unofficial.length > 0 && (
          <Link component={RouterLink} to="?tab=standings" data-testid="current-round-standings">
            {t('current.standings')}
          </Link>
        )}
      </Stack>
    </Alert>
  );
}
