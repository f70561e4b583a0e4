import type { EnrolmentPhase, RegistrationKind } from '@bjk/domain/enrolment';
import { useTranslation } from 'react-i18next';
import { useEdition } from '../../../shared/edition/useEdition';
import { formatMoney } from '../../../shared/format';
import { currentLanguage } from '../../../shared/i18n';
import { Notice } from '../../../shared/ui/plain/Notice';
import { ShellButton } from '../../../shared/ui/ShellButton';
import { StepFrame } from './StepFrame';

/** Step 1: what is needed (federation id, a recent photo, contacts). Plain elements: the page's first view. */
export function IntroStep({ kind, phase, onStart }: { kind: RegistrationKind; phase: EnrolmentPhase; onStart: () => void }) {
  const { t } = useTranslation('enrolment');
  const edition = useEdition();
  const language = currentLanguage();
  // The fee without a FIDE title (a titled vk player pays less or nothing: the confirmation shows their own).
  const feeCents = kind === 'vk' ? edition.fees.vk.feeCents : edition.fees.enrolmentCents;
  return (
    <StepFrame
      title={t('intro.title')}
      actions={
        <>
          <span />
          <ShellButton variant="contained" size="large" onClick={onStart} data-testid="wizard-next">
            {t('intro.start')}
          </ShellButton>
        </>
      }
    >
      <p className="bjk-body1">{t(kind === 'vk' ? 'intro.textVk' : 'intro.text', { fee: formatMoney(feeCents, language) })}</p>
      <ul className="bjk-step-list">
        <li>{t('intro.needId')}</li>
        <li>{t('intro.needPhoto')}</li>
        <li>{t('intro.needContact')}</li>
      </ul>
      <Notice severity="info">{t('intro.noId')}</Notice>
      {phase === 'late' && <Notice severity="warning">{t('lateNotice', { fee: formatMoney(edition.fees.lateFeeCents, language) })}</Notice>}
    </StepFrame>
  );
}
