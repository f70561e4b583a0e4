import type { ReactNode } from 'react';
import { Icon } from './Icon';
import './plain.css';

export type NoticeSeverity = 'info' | 'warning' | 'error' | 'success';

type Props = {
  severity?: NoticeSeverity;
  /** `outlined`: MUI's outlined Alert, a coloured border on the page's background. */
  variant?: 'standard' | 'outlined';
  title?: ReactNode;
  /** `alert` for an error that appears after an action; `status` for a message that follows one; none for a fixed note. */
  role?: 'alert' | 'status';
  testId?: string;
  children?: ReactNode;
};

/** MUI's standard (or outlined) Alert in plain elements (`plain.css`): icon, optional title, text. */
export function Notice({ severity = 'info', variant = 'standard', title, role, testId, children }: Props) {
  return (
    <div className={`bjk-alert bjk-alert--${severity}${variant === 'outlined' ? ' bjk-alert--outlined' : ''}`} role={role} data-testid={testId}>
      <span className="bjk-alert-icon">
        <Icon name={severity} size={22} />
      </span>
      <div className="bjk-alert-body">
        {title && <div className="bjk-alert-title">{title}</div>}
        {children}
      </div>
    </div>
  );
}
