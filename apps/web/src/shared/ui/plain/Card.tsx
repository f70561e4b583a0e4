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

/** A card that is one link (MUI's Card with CardActionArea), to a route of the site. */
export function LinkCard({ to, testId, children }: { to: string; testId?: string; children: ReactNode }) {
  return (
    <Link to={to} className="bjk-card bjk-card--link" data-testid={testId}>
      {children}
    </Link>
  );
}
