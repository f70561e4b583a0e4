import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSENT_PURPOSES, OPTIONAL_CONSENTS_DEFAULT, type ConsentChoices } from '@bjk/domain/consents';
import { useEdition } from '../../../shared/edition/useEdition';
import { CheckboxField } from '../../../shared/ui/plain/fields';
import { Notice } from '../../../shared/ui/plain/Notice';
import { ShellButton } from '../../../shared/ui/ShellButton';
import { BackButton } from './BackButton';
import { StepFrame } from './StepFrame';

const NONE: ConsentChoices = { badgePhoto: false, webPhoto: false, publicName: false };

/**
 * Step 6: consent to the use of the data (required), then a choice per purpose (decision 0020). A purpose the
 * edition does not make optional is ticked and fixed, like results publication, which is a condition of taking part.
 */
export function GdprStep({
  consented,
  consents,
  onConsent,
  onBack,
}: {
  consented: boolean;
  consents?: ConsentChoices;
  onConsent: (consents: ConsentChoices) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('enrolment');
  const optional = useEdition().optionalConsents ?? OPTIONAL_CONSENTS_DEFAULT;
  const [consent, setConsent] = useState(consented);
  const [choices, setChoices] = useState<ConsentChoices>(consents ?? NONE);
  const [missing, setMissing] = useState(false);
  // A purpose that is a condition of taking part is sent as given.
  const chosen = Object.fromEntries(CONSENT_PURPOSES.map((p) => [p, optional[p] ? choices[p] : true])) as ConsentChoices;
  const missingId = useId();
  return (
    <StepFrame
      title={t('gdpr.title')}
      actions={
        <>
          <BackButton onBack={onBack} />
          <ShellButton variant="contained" size="large" onClick={() => (consent ? onConsent(chosen) : setMissing(true))} data-testid="wizard-next">
            {t('next')}
          </ShellButton>
        </>
      }
    >
      <ul className="bjk-step-list bjk-gdpr-list">
        <li>{t('gdpr.onlyThisTournament')}</li>
        <li>{t('gdpr.neverPassedOn')}</li>
        <li>{t('gdpr.results')}</li>
        <li>{t('gdpr.overviewPhotos')}</li>
      </ul>
      <div>
        <CheckboxField
          label={t('gdpr.consent')}
          checked={consent}
          onChange={(e) => (setConsent(e.target.checked), setMissing(false))}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? missingId : undefined}
          data-testid="gdpr-consent"
        />
        {missing && (
          <div id={missingId}>
            <Notice severity="error" role="alert">
              {t('validation.consentRequired')}
            </Notice>
          </div>
        )}
      </div>
      <fieldset className="bjk-enrol-fieldset bjk-gdpr-purposes">
        <legend className="bjk-enrol-subtitle">{t('gdpr.purposes')}</legend>
        <p className="bjk-body2 bjk-secondary">{t('gdpr.purposesHelp')}</p>
        <div>
          {CONSENT_PURPOSES.map((purpose) => (
            <CheckboxField
              key={purpose}
              label={optional[purpose] ? t(`gdpr.purpose.${purpose}`) : `${t(`gdpr.purpose.${purpose}`)} (${t('gdpr.required')})`}
              checked={chosen[purpose]}
              disabled={!optional[purpose]}
              onChange={(e) => setChoices({ ...choices, [purpose]: e.target.checked })}
              data-testid={`gdpr-purpose-${purpose}`}
            />
          ))}
        </div>
      </fieldset>
    </StepFrame>
  );
}
