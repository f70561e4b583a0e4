import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShellButton } from '../../shared/ui/ShellButton';
import { useResource } from '../../shared/data/resource';
import { Icon } from '../../shared/ui/plain/Icon';
import { Notice } from '../../shared/ui/plain/Notice';
import { currentLanguage } from '../../shared/i18n';
import type { PublicTournamentPlayer, Standings } from '@bjk/domain/results';
import { TableContent, type Column } from '../../shared/ui/plain/Table';
import { formatTieBreak, tieBreakName } from './api';
import { loadStandings, standingsKey, usePublishedTournament } from './resources';
import { playerColumns, ResultsTable } from './ResultsTable';

type StandingsRow = Standings['rows'][number];
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
  const player = playerColumns<StandingsRow>(t, category);
  const tieBreak = (row: StandingsRow, index: number) => formatTieBreak(row.tieBreaks[index] ?? null, language);
  const columns: Column<StandingsRow>[] = [
    { head: t('columns.rank'), className: 'bjk-num', cell: (row) => row.rank ?? <Unranked /> },
    player.name,
    player.federation,
    player.club,
    player.rating,
    { ...player.points, testId: 'standings-points' },
    ...names.map((name, index) => ({
      head: name,
      className: 'bjk-num results-wide',
      headClassName: 'results-tie-break',
      cell: (row: StandingsRow) => tieBreak(row, index),
    })),
    { head: <span className="results-visually-hidden">{t('standings.more')}</span>, className: 'results-narrow results-more-cell', cell: (row) => more(row) },
  ];
  // A phone's details beneath a row: club, federation and the tie-breaks.
  const details = (row: StandingsRow) => [
    [t('columns.club'), row.club ?? '—'],
    [t('columns.federation'), row.federation ?? '—'],
    ...names.map((name, index) => [name, tieBreak(row, index)]),
  ];
  const more = (row: StandingsRow) => (
    <ShellButton
      variant="icon"
      className="results-more"
      aria-expanded={open === row.pairingNumber}
      aria-label={t('standings.detailsOf', { name: row.name })}
      onClick={() => setOpen(open === row.pairingNumber ? null : row.pairingNumber)}
    >
      <Icon name={open === row.pairingNumber ? 'expandLess' : 'expandMore'} size={20} />
    </ShellButton>
  );
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
        <TableContent
          columns={columns}
          rows={standings.rows}
          rowKey={(row) => row.pairingNumber}
          rowTestId="standings-row"
          after={(row) =>
            open === row.pairingNumber && (
              <tr className="results-narrow" data-testid="standings-details">
                <td colSpan={5}>
                  <dl className="results-details">
                    {details(row).map(([name, value], index) => (
                      <Fragment key={index}>
                        <dt>{name}</dt>
                        <dd>{value}</dd>
                      </Fragment>
                    ))}
                  </dl>
                </td>
              </tr>
            )
          }
        />
      </ResultsTable>
    </div>
  );
}

/** A withdrawn player's rank: a dash, said in words to a screen reader. */
function Unranked() {
  const { t } = useTranslation('results');
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="results-visually-hidden">{t('standings.unranked')}</span>
    </>
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
  const player = playerColumns<PublicTournamentPlayer>(t, category);
  const absent = (p: PublicTournamentPlayer) => p.rounds.some((r) => r.round === 1 && (r.outcome === 'absent' || r.outcome === 'zero_bye'));
  const columns: Column<PublicTournamentPlayer>[] = [
    { head: t('columns.pairingNumber'), className: 'bjk-num', cell: (p) => p.pairingNumber },
    {
      ...player.name,
      cell: (p) => (
        <>
          {player.name.cell(p)}
          {absent(p) && (
            <span className="bjk-secondary" data-testid="starting-absent">
              {' '}
              ({t('standings.absentRound1')})
            </span>
          )}
        </>
      ),
    },
    player.rating,
    player.federation,
    player.club,
  ];
  return (
    <div className="bjk-stack results-stack-tight">
      <p className="bjk-body2 bjk-secondary" data-testid="starting-list-title">
        {t('standings.startingList', { count: players.length })}
      </p>
      <ResultsTable testId="starting-list" label={t('standings.startingListLabel')}>
        <TableContent columns={columns} rows={players} rowKey={(player) => player.pairingNumber} rowTestId="starting-row" />
      </ResultsTable>
    </div>
  );
}
