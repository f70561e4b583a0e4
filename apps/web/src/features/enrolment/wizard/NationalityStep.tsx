import { useTranslation } from 'react-i18next';
import type { PlayerLookup } from '@bjk/domain/enrolment';
import { Notice } from '../../../shared/ui/plain/Notice';
import { ShellButton } from '../../../shared/ui/ShellButton';
import { BackButton } from './BackButton';
import { StepFrame } from './StepFrame';

/** Step 3: what the player's FIDE federation means for the Belgian title. Plain elements, as the intro. */
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
          <ShellButton variant="contained" size="large" onClick={onNext} data-testid="wizard-next">
            {t('next')}
          </ShellButton>
        </>
      }
    >
      <p className="bjk-body1">
        {t('nationality.federation')} <strong>{federation ?? t('nationality.noFederation')}</strong>
      </p>
      <Notice severity={key === 'foreign' ? 'warning' : 'info'} testId={`nationality-${key}`}>
        {t(`nationality.${key}`, { federation: federation ?? '' })}
      </Notice>
    </StepFrame>
  );
}
