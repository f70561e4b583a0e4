import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShellButton } from '../../shared/ui/ShellButton';
import { ErrorNotice } from '../../shared/ui/plain/ErrorNotice';
import { Icon } from '../../shared/ui/plain/Icon';
import { Notice } from '../../shared/ui/plain/Notice';
import { currentLanguage } from '../../shared/i18n';
import { formatPoints, formatTieBreak, standingsQuery, tieBreakName } from './api';
import { PlayerLink } from './PlayerLink';
import { ResultsTable } from './ResultsTable';
import './results.css';

/**
 * Standings with the tournament's tie-break columns, named in the reader's language, values in the reader's number
 * format. A phone shows rank, name, rating and points; one tap on a row's button opens club, federation and
 * tie-breaks beneath it. Provisional standings say so; a line names the rules the tie-breaks follow.
 */
export function StandingsTab({ category }: { category: string }) {
  const { t } = useTranslation('results');
  const query = useQuery(standingsQuery(category));
  const [open, setOpen] = useState<number | null>(null);
  if (query.isError) return <ErrorNotice error={query.error} />;
  if (!query.data) return null;
  const standings = query.data;
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
