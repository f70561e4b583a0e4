import { roundStartOf } from '@bjk/domain/round-start';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePeekResources } from '../../shared/data/resource';
import { useEdition, useInstantFormat } from '../../shared/edition/useEdition';
import { Notice } from '../../shared/ui/plain/Notice';
import { PlayerLink } from './PlayerLink';
import { loadPairings, pairingsKey } from './resources';
import './results.css';

/**
 * The round being played, above every tab, as one line that opens: "Round 5 · 7 of 12 results in · start Tue 09:30"
 * (the start from the edition's programme). Opened: the arbiters' unofficial results (each labelled so, until the
 * official file confirms it) and the way to the pairings and the provisional standings. Closed by default, so a
 * category of 40 boards does not push the tabs off a phone's screen. The page's live stream reads it again when an
 * arbiter enters a result; nothing shows once every game has its official result.
 */
export function CurrentRound({ category, round }: { category: string; round: number }) {
  const { t } = useTranslation('results');
  const edition = useEdition();
  const formatInstant = useInstantFormat();
  // Never waits nor fails the page: the line shows once the round's pairings are there.
  const [pairings] = usePeekResources(round > 0 ? [{ key: pairingsKey(category, round), load: loadPairings(category, round) }] : []).values;
  const games = (pairings?.pairings ?? []).filter((p) => p.black !== null);
  const open = games.filter((p) => p.result === null);
  if (round === 0 || open.length === 0) return null;
  const unofficial = open.filter((p) => p.unofficialResult !== null);
  const start = roundStartOf(edition.events ?? [], category, round);
  return (
    <div className="results-current results-no-print">
      <Notice severity="info" variant="outlined" testId="current-round">
        <details className="results-current-details">
          <summary data-testid="current-round-summary">
            <strong>{t('current.round', { round })}</strong>
            {' · '}
            <span data-testid="current-round-count">{t('current.count', { done: games.length - open.length + unofficial.length, total: games.length })}</span>
            {start && (
              <>
                {' · '}
                <time dateTime={start} data-testid="current-round-start">
                  {t('current.start', { time: formatInstant(start, { weekday: 'short', hour: '2-digit', minute: '2-digit' }) })}
                </time>
              </>
            )}
          </summary>
          {unofficial.length > 0 && <p className="results-current-note">{t('current.note')}</p>}
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
        </details>
      </Notice>
    </div>
  );
}
