import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { gamePath } from './games/api';

/** A link to a game's page (board, move list, PGN), named for assistive technology by `label`. */
export function GameLink({ id, label, children }: { id: number; label: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={gamePath(id)} aria-label={label} data-testid="game-link" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Link>
  );
}
