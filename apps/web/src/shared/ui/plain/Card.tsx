import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './plain.css';

/** MUI's outlined Paper (`plain.css`); `roomy` pads 24 px from 600 px up. */
export function Card({ roomy = false, testId, className, children }: { roomy?: boolean; testId?: string; className?: string; children: ReactNode }) {
  return (
    <div className={['bjk-card', roomy && 'bjk-card--roomy', className].filter(Boolean).join(' ')} data-testid={testId}>
      {children}
    </div>
  );
}

/**
 * A card that is one link (MUI's Card with CardActionArea), to a route of the site; `label` names the link when its
 * content would make a poor name (a whole game card).
 */
export function LinkCard({ to, testId, label, className, children }: { to: string; testId?: string; label?: string; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={['bjk-card bjk-card--link', className].filter(Boolean).join(' ')} aria-label={label} data-testid={testId}>
      {children}
    </Link>
  );
}
