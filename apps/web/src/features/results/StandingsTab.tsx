import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShellButton } from '../../shared/ui/ShellButton';
import { ErrorNotice } from '../../shared/ui/plain/ErrorNotice';
import { Icon } from '../../shared/ui/plain/Icon';
import { Notice } from '../../shared/ui/plain/Notice';
import { formatPoints, formatTieBreak, standingsQuery } from './api';
import { PlayerLink } from './PlayerLink';
import { ResultsTable } from './ResultsTable';
import './results.css';

/**
 * Standings with the program's tie-break columns. A phone shows rank, name, rating and points; one tap on a row's
 * button opens club, federation and tie-breaks beneath it. Provisional standings say so.
 */
export function StandingsTab({ category }: { category: string }) {
  const { t } = useTranslation('results');
  const query = useQuery(standingsQuery(category));
  const [open, setOpen] = useState<number | null>(null);
  if (query.isError) return <ErrorNotice error={query.error} />;
  if (!query.data) return null;
  const standings = query.data;
  return (
    <div className="bjk-stack results-stack-tight">
      {standings.provisional ? (
        <Notice severity="warning" testId="standings-provisional">
          {t('standings.provisional', { round: standings.afterRound })}
        </Notice>
      ) : (
        <p className="bjk-body2 bjk-secondary">{t('standings.after', { round: standings.afterRound })}</p>
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
            {standings.tieBreaks.map((c) => (
              <th scope="col" className="bjk-num results-wide" key={c.name}>
                {c.name}
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
                <td className="bjk-num">{row.rank}</td>
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
                    {formatTieBreak(value)}
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
                      {standings.tieBreaks.map((c, index) => (
                        <Fragment key={c.name}>
                          <dt>{c.name}</dt>
                          <dd>{formatTieBreak(row.tieBreaks[index] ?? null)}</dd>
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
