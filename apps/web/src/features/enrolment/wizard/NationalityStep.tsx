import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PlayerLookup } from '@bjk/domain/enrolment';
import { BackButton } from './BackButton';
import { StepFrame } from './StepFrame';

/** Step 3: what the player's FIDE federation means for the Belgian title. */
export function NationalityStep({ player, onNext, onBack }: { player: PlayerLookup; onNext: () => void; onBack: () => void }) {
  const { t } = useTranslation('enrolment');
  const federation = player.fideFederation;
  const key = federation === 'BEL' ? 'belgian' : federation ? 'foreign' : 'none';
  return (
    <StepFrame
      title={t('nationality.title')}
      actions={
        <>
          <BackButton onBack={onBack} />
          <Button variant="contained" size="large" onClick={onNext} data-testid="wizard-next">
            {t('next')}
          </Button>
        </>
      }
    >
      <Typography>
        {t('nationality.federation')} <strong>{federation ?? t('nationality.noFederation')}</strong>
      </Typography>
      <Alert severity={key === 'foreign' ? 'warning' : 'info'} data-testid={`nationality-${key}`}>
        {t(`nationality.${key}`, { federation: federation ?? '' })}
      </Alert>
    </StepFrame>
  );
}
