import type { PublicTournamentPlayer, Standings } from '@bjk/domain/results';
import { useTranslation } from 'react-i18next';
import { useResource } from '../../shared/data/resource';
import { TableContent, type Column } from '../../shared/ui/plain/Table';
import { PlayerLink } from './PlayerLink';
import { loadStandings, standingsKey, usePublishedTournament } from './resources';
import { playerColumns, ResultsTable } from './ResultsTable';

type StandingsRow = Standings['rows'][number];

/** A game's result after the opponent's line and colour ("12w1"); a forfeit is + or −. */
const GAME_SYMBOL: Record<string, string> = { win: '1', draw: '½', loss: '0', forfeit_win: '+', forfeit_loss: '−', pending: '' };
/** A round without an opponent: a bye's points after the bye letter ("B1", "B½", "B0"), or − for an absence. */
const BYE_POINTS: Record<string, string> = { bye: '1', half_bye: '½', zero_bye: '0' };

/** The letters a crosstable cell uses, in the reader's language. */
export type CrosstableLetters = { white: string; black: string; bye: string };

/**
 * One cell of the crosstable: the opponent's place, colour and result ("12w1", "7b+" for a forfeit win), a bye with
 * its points ("B1", never "+" like a forfeit), or "−" for an absence.
 */
export function crosstableCell(
  round: PublicTournamentPlayer['rounds'][number] | undefined,
  placeOf: (pairingNumber: number) => number | undefined,
  letters: CrosstableLetters,
): string {
  if (!round) return '';
  if (round.opponent === null) {
    if (round.outcome === 'absent') return '−';
    const points = BYE_POINTS[round.outcome];
    return points === undefined ? (GAME_SYMBOL[round.outcome] ?? '') : `${letters.bye}${points}`;
  }
  const colour = round.colour === 'white' ? letters.white : round.colour === 'black' ? letters.black : '';
  return `${placeOf(round.opponent) ?? ''}${colour}${GAME_SYMBOL[round.outcome] ?? ''}`;
}

/** Players in standings order, one column per round: every game at a glance (scrolls sideways on a phone). */
export function CrosstableTab({ category }: { category: string }) {
  const { t } = useTranslation('results');
  const tournament = usePublishedTournament(category);
  const standings = useResource(standingsKey(category), loadStandings(category));
  // Cells name an opponent by their line, which is their place where the program ranked everyone (a withdrawn
  // player of a TRF has no place but still a line).
  const place = new Map(standings.rows.map((r, index) => [r.pairingNumber, index + 1]));
  const players = new Map(tournament.players.map((p) => [p.pairingNumber, p]));
  const rounds = Array.from({ length: tournament.pairedRounds }, (_, i) => i + 1);
  const letters = { white: t('crosstable.white'), black: t('crosstable.black'), bye: t('crosstable.bye') };
  const player = playerColumns<StandingsRow>(t, category);
  const columns: Column<StandingsRow>[] = [
    { head: t('columns.rank'), className: 'bjk-num results-sticky-rank', cell: (row) => row.rank ?? '—' },
    {
      head: t('columns.name'),
      className: 'results-nowrap results-sticky-name',
      cell: (row) => <PlayerLink category={category} pairingNumber={row.pairingNumber} name={row.name} />,
    },
    ...rounds.map((r) => ({
      head: t('crosstable.round', { round: r }),
      className: 'bjk-num',
      cell: (row: StandingsRow) =>
        crosstableCell(
          players.get(row.pairingNumber)!.rounds.find((x) => x.round === r),
          (n) => place.get(n),
          letters,
        ),
    })),
    player.points,
  ];
  return (
    <>
      <ResultsTable testId="crosstable" label={t('tabs.crosstable')}>
        <TableContent columns={columns} rows={standings.rows} rowKey={(row) => row.pairingNumber} rowTestId="crosstable-row" />
      </ResultsTable>
      <p className="bjk-body2 bjk-secondary" data-testid="crosstable-legend">
        {t('crosstable.legend', letters)}
      </p>
    </>
  );
}
