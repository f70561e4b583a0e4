import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ShellButton } from '../../shared/ui/ShellButton';
import './wizard.css';

/**
 * The buttons under every step of the reservation wizard: "Back" on the left, the step's own action ("Start",
 * "Next", "Confirm") on the right. Plain buttons, on the intro and on the form's steps alike.
 */
export function WizardNav({ onBack, backDisabled, children }: { onBack: () => void; backDisabled: boolean; children: ReactNode }) {
  const { t } = useTranslation('lodging');
  return (
    <div className="bjk-wizard-nav">
      <ShellButton variant="text" onClick={onBack} disabled={backDisabled}>
        {t('wizard.back')}
      </ShellButton>
      {children}
    </div>
  );
}
