import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../shared/ui/plain/Table';
import { formatPoints } from './api';
import { PlayerLink } from './PlayerLink';
import '../../shared/ui/plain/plain.css';
import './results.css';

/**
 * The results' plain tables: compact on a phone, numbers right-aligned (`bjk-num`), no table library. A cell with
 * `results-wide` shows from 960 px up and on paper; one with `results-narrow` only below 960 px on screen.
 */
export function ResultsTable({ children, testId, label }: { children: ReactNode; testId: string; label: string }) {
  return (
    <div className="results-table-scroll">
      <table className="bjk-table results-table" data-testid={testId} aria-label={label}>
        {children}
      </table>
    </div>
  );
}

/** What the tables show of a player: standings rows and the tournament's players alike. */
type ListedPlayer = {
  pairingNumber: number;
  name: string;
  title: string | null;
  federation: string | null;
  club: string | null;
  rating: number | null;
  points: number;
};

/**
 * The columns every results table shows of a player, defined once: the name (title before it, a link to the card),
 * federation and club (from 960 px up), rating and points.
 */
export function playerColumns<Row extends ListedPlayer>(t: TFunction<'results'>, category: string) {
  const column = (head: string, className: string | undefined, cell: Column<Row>['cell']): Column<Row> => ({ head: t(head), className, cell });
  return {
    name: column('columns.name', undefined, (row) => (
      <>
        {row.title && <span className="results-title">{row.title}</span>}
        <PlayerLink category={category} pairingNumber={row.pairingNumber} name={row.name} />
      </>
    )),
    federation: column('columns.federation', 'results-wide', (row) => row.federation),
    club: column('columns.club', 'results-wide', (row) => row.club),
    rating: column('columns.rating', 'bjk-num', (row) => row.rating ?? '—'),
    points: column('columns.points', 'bjk-num', (row) => formatPoints(row.points)),
  };
}

/** An arbiter's result before the official file confirms it, marked so ("1-0 unoff."). */
export function UnofficialResult({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation('results');
  return (
    <span className="results-nowrap" title={t('pairings.unofficial')} data-testid={testId}>
      {value}
      <span className="results-unofficial">{t('pairings.unofficialShort')}</span>
    </span>
  );
}
