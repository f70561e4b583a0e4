import type { ReactNode } from 'react';
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
