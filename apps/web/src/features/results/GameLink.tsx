import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { gamePath } from './games/live';
import '../../shared/ui/plain/plain.css';
import './results.css';

/** A link to a game's page (board, move list, PGN), named for assistive technology by `label`. */
export function GameLink({ id, label, children }: { id: number; label: string; children: ReactNode }) {
  return (
    <Link to={gamePath(id)} aria-label={label} data-testid="game-link" className="bjk-link results-nowrap">
      {children}
    </Link>
  );
}
