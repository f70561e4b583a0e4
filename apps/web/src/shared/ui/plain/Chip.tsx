import type { ReactNode } from 'react';
import { Link } from 'react-router';
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

/** The classes of a clickable chip: MUI's medium clickable Chip, primary when `selected`. */
function clickableChipClass(selected: boolean): string {
  return ['bjk-chip', 'bjk-chip--link', 'bjk-chip--medium', selected && 'bjk-chip--primary'].filter(Boolean).join(' ');
}

/**
 * MUI's clickable Chip as a link to a route of the site (a list of categories, say); `selected` marks the current
 * one (primary colours and `aria-current`).
 */
export function ChipLink({ to, selected = false, testId, children }: { to: string; selected?: boolean; testId?: string; children: ReactNode }) {
  return (
    <Link to={to} className={clickableChipClass(selected)} aria-current={selected ? 'page' : undefined} data-testid={testId}>
      {children}
    </Link>
  );
}

/**
 * MUI's clickable Chip as a native button, one of a group of choices (a round, a filter); `pressed` marks the chosen
 * one (primary colours and `aria-pressed`).
 */
export function ChipButton({ pressed, onClick, testId, children }: { pressed: boolean; onClick: () => void; testId?: string; children: ReactNode }) {
  return (
    <button type="button" className={clickableChipClass(pressed)} aria-pressed={pressed} onClick={onClick} data-testid={testId}>
      {children}
    </button>
  );
}
