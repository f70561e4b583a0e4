import { useTranslation } from 'react-i18next';
import { ShellButton } from '../../../shared/ui/ShellButton';

export function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('enrolment');
  return (
    <ShellButton variant="text" size="large" onClick={onBack} data-testid="wizard-back">
      {t('back')}
    </ShellButton>
  );
}
