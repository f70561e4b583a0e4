import { useEffect, useRef, type ReactNode } from 'react';
import { Card } from '../../../shared/ui/plain/Card';
import './wizard.css';

/**
 * One wizard step: its title, its content and its actions. The title takes the focus when the step appears, so a
 * screen reader announces the new step and no field of it starts focused (or in error) before the visitor acts.
 * Plain elements, as every step's content (the plain kit, issue #25).
 */
export function StepFrame({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Card roomy>
      <div className="bjk-stack">
        <h2 ref={heading} tabIndex={-1} className="bjk-h2 bjk-step-title" data-testid="wizard-step-title">
          {title}
        </h2>
        {children}
        <div className="bjk-step-actions">{actions}</div>
      </div>
    </Card>
  );
}
