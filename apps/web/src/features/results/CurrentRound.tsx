import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '../../shared/ui/plain/Notice';
import { pairingsQuery } from './api';
import { PlayerLink } from './PlayerLink';
import './results.css';

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
    <div className="results-current results-no-print">
      <Notice severity="info" variant="outlined" testId="current-round" title={t('current.title', { round })}>
        <div data-testid="current-round-count">
          {t('current.count', { done: games.length - open.length + unofficial.length, total: games.length })}
          {unofficial.length > 0 && ` ${t('current.note')}`}
        </div>
        {unofficial.length > 0 && (
          <ul className="results-current-list" aria-label={t('current.unofficialList')}>
            {unofficial.map((p) => (
              <li key={p.board ?? p.white.pairingNumber} data-testid="current-round-result">
                <span className="results-board">{t('current.board', { board: p.board })}</span>
                <PlayerLink category={category} pairingNumber={p.white.pairingNumber} name={p.white.name} />
                <span className="results-result">
                  {p.unofficialResult}
                  <span className="results-unofficial">{t('pairings.unofficialShort')}</span>
                </span>
                <PlayerLink category={category} pairingNumber={p.black!.pairingNumber} name={p.black!.name} />
              </li>
            ))}
          </ul>
        )}
        <div className="results-links">
          <Link to={`?tab=pairings&round=${round}`} className="bjk-link">
            {t('current.allPairings')}
          </Link>
          {unofficial.length > 0 && (
            <Link to="?tab=standings" className="bjk-link" data-testid="current-round-standings">
              {t('current.standings')}
            </Link>
          )}
        </div>
      </Notice>
    </div>
  );
}
