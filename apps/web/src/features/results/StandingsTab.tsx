import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShellButton } from '../../shared/ui/ShellButton';
import { useResource } from '../../shared/data/resource';
import { Icon } from '../../shared/ui/plain/Icon';
import { Notice } from '../../shared/ui/plain/Notice';
import { currentLanguage } from '../../shared/i18n';
import { formatPoints, formatTieBreak, tieBreakName } from './api';
import { PlayerLink } from './PlayerLink';
import { loadStandings, standingsKey, usePublishedTournament } from './resources';
import { ResultsTable } from './ResultsTable';
import './results.css';

/**
 * Standings with the tournament's tie-break columns, named in the reader's language, values in the reader's number
 * format. A phone shows rank, name, rating and points; one tap on a row's button opens club, federation and
 * tie-breaks beneath it. Provisional standings say so; a line names the rules the tie-breaks follow.
 */
export function StandingsTab({ category }: { category: string }) {
  const { t } = useTranslation('results');
  const standings = useResource(standingsKey(category), loadStandings(category));
  const [open, setOpen] = useState<number | null>(null);
  // Before the first round has a result there are no standings yet: the starting list instead.
  if (standings.afterRound === 0) return <StartingList category={category} />;
  const language = currentLanguage();
  const names = standings.tieBreaks.map((c) => tieBreakName(t, c));
  return (
    <div className="bjk-stack results-stack-tight">
      {standings.provisional ? (
        <Notice severity="warning" testId="standings-provisional">
          {t('standings.provisional', { round: standings.afterRound })}
        </Notice>
      ) : (
        <p className="bjk-body2 bjk-secondary">{t('standings.after', { round: standings.afterRound })}</p>
      )}
      {standings.tieBreaks.length > 0 && (
        <p className="bjk-body2 bjk-secondary" data-testid="standings-rules">
          {t(`standings.rules.${standings.tieBreakRules ?? 'program'}`, { program: standings.program })}
        </p>
      )}
      <ResultsTable testId="standings-table" label={t('tabs.standings')}>
        <thead>
          <tr>
            <th scope="col" className="bjk-num">
              {t('columns.rank')}
            </th>
            <th scope="col">{t('columns.name')}</th>
            <th scope="col" className="results-wide">
              {t('columns.federation')}
            </th>
            <th scope="col" className="results-wide">
              {t('columns.club')}
            </th>
            <th scope="col" className="bjk-num">
              {t('columns.rating')}
            </th>
            <th scope="col" className="bjk-num">
              {t('columns.points')}
            </th>
            {names.map((name, index) => (
              <th scope="col" className="bjk-num results-wide results-tie-break" key={index}>
                {name}
              </th>
            ))}
            <th scope="col" className="results-narrow results-more-cell">
              <span className="results-visually-hidden">{t('standings.more')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {standings.rows.map((row) => (
            <Fragment key={row.pairingNumber}>
              <tr data-testid="standings-row">
                <td className="bjk-num">
                  {row.rank ?? (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="results-visually-hidden">{t('standings.unranked')}</span>
                    </>
                  )}
                </td>
                <td>
                  {row.title && <span className="results-title">{row.title}</span>}
                  <PlayerLink category={category} pairingNumber={row.pairingNumber} name={row.name} />
                </td>
                <td className="results-wide">{row.federation}</td>
                <td className="results-wide">{row.club}</td>
                <td className="bjk-num">{row.rating ?? '—'}</td>
                <td className="bjk-num" data-testid="standings-points">
                  {formatPoints(row.points)}
                </td>
                {row.tieBreaks.map((value, index) => (
                  <td className="bjk-num results-wide" key={index}>
                    {formatTieBreak(value, language)}
                  </td>
                ))}
                <td className="results-narrow results-more-cell">
                  <ShellButton
                    variant="icon"
                    className="results-more"
                    aria-expanded={open === row.pairingNumber}
                    aria-label={t('standings.detailsOf', { name: row.name })}
                    onClick={() => setOpen(open === row.pairingNumber ? null : row.pairingNumber)}
                  >
                    <Icon name={open === row.pairingNumber ? 'expandLess' : 'expandMore'} size={20} />
                  </ShellButton>
                </td>
              </tr>
              {open === row.pairingNumber && (
                <tr className="results-narrow" data-testid="standings-details">
                  <td colSpan={5}>
                    <dl className="results-details">
                      <dt>{t('columns.club')}</dt>
                      <dd>{row.club ?? '—'}</dd>
                      <dt>{t('columns.federation')}</dt>
                      <dd>{row.federation ?? '—'}</dd>
                      {names.map((name, index) => (
                        <Fragment key={index}>
                          <dt>{name}</dt>
                          <dd>{formatTieBreak(row.tieBreaks[index] ?? null, language)}</dd>
                        </Fragment>
                      ))}
                    </dl>
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </ResultsTable>
    </div>
  );
}

/**
 * The starting list before round 1: every player by pairing number with rating, federation and club; a player
 * announced absent for round 1 is marked so.
 */
function StartingList({ category }: { category: string }) {
  const { t } = useTranslation('results');
  const tournament = usePublishedTournament(category);
  const players = [...tournament.players].sort((a, b) => a.pairingNumber - b.pairingNumber);
  return (
    <div className="bjk-stack results-stack-tight">
      <p className="bjk-body2 bjk-secondary" data-testid="starting-list-title">
        {t('standings.startingList', { count: players.length })}
      </p>
      <ResultsTable testId="starting-list" label={t('standings.startingListLabel')}>
        <thead>
          <tr>
            <th scope="col" className="bjk-num">
              {t('columns.pairingNumber')}
            </th>
            <th scope="col">{t('columns.name')}</th>
            <th scope="col" className="bjk-num">
              {t('columns.rating')}
            </th>
            <th scope="col" className="results-wide">
              {t('columns.federation')}
            </th>
            <th scope="col" className="results-wide">
              {t('columns.club')}
            </th>
          </tr>
        </thead>
        <tbody>
          {players.map((player) => {
            const absent = player.rounds.some((r) => r.round === 1 && (r.outcome === 'absent' || r.outcome === 'zero_bye'));
            return (
              <tr key={player.pairingNumber} data-testid="starting-row">
                <td className="bjk-num">{player.pairingNumber}</td>
                <td>
                  {player.title && <span className="results-title">{player.title}</span>}
                  <PlayerLink category={category} pairingNumber={player.pairingNumber} name={player.name} />
                  {absent && (
                    <span className="bjk-secondary" data-testid="starting-absent">
                      {' '}
                      ({t('standings.absentRound1')})
                    </span>
                  )}
                </td>
                <td className="bjk-num">{player.rating ?? '—'}</td>
                <td className="results-wide">{player.federation}</td>
                <td className="results-wide">{player.club}</td>
              </tr>
            );
          })}
        </tbody>
      </ResultsTable>
    </div>
  );
}
