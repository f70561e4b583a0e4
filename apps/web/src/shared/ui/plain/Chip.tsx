import type { ReactNode } from 'react';
import './plain.css';

export type ChipTone = 'default' | 'outlined' | 'primary' | 'success' | 'warning' | 'error';

/** MUI's small Chip as a span (`plain.css`); the coloured tones keep a 4.5:1 contrast. */
export function Chip({ tone = 'default', testId, title, children }: { tone?: ChipTone; testId?: string; title?: string; children: ReactNode }) {
  return (
    <span className={tone === 'default' ? 'bjk-chip' : `bjk-chip bjk-chip--${tone}`} data-testid={testId} title={title}>
      {children}
    </span>
  );
}
