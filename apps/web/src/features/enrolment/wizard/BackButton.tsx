import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

export function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('enrolment');
  return (
    <Button variant="text" size="large" onClick={onBack} data-testid="wizard-back">
      {t('back')}
    </Button>
  );
}
