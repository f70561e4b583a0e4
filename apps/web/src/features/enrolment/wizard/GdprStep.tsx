import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSENT_PURPOSES, OPTIONAL_CONSENTS_DEFAULT, type ConsentChoices } from '@bjk/domain/consents';
import { useEdition } from '../../../shared/edition/useEdition';
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
  return (
    <StepFrame
      title={t('gdpr.title')}
      actions={
        <>
          <BackButton onBack={onBack} />
          <Button variant="contained" size="large" onClick={() => (consent ? onConsent(chosen) : setMissing(true))} data-testid="wizard-next">
            {t('next')}
          </Button>
        </>
      }
    >
      <Box component="ul" sx={{ pl: 3, m: 0, '& li': { mb: 1 } }}>
        <li>{t('gdpr.onlyThisTournament')}</li>
        <li>{t('gdpr.neverPassedOn')}</li>
        <li>{t('gdpr.results')}</li>
        <li>{t('gdpr.overviewPhotos')}</li>
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={consent}
            onChange={(e) => (setConsent(e.target.checked), setMissing(false))}
            slotProps={{ input: { 'data-testid': 'gdpr-consent' } as object }}
          />
        }
        label={t('gdpr.consent')}
      />
      {missing && <Alert severity="error">{t('validation.consentRequired')}</Alert>}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {t('gdpr.purposes')}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t('gdpr.purposesHelp')}
      </Typography>
      {CONSENT_PURPOSES.map((purpose) => (
        <FormControlLabel
          key={purpose}
          control={
            <Checkbox
              checked={chosen[purpose]}
              disabled={!optional[purpose]}
              onChange={(e) => setChoices({ ...choices, [purpose]: e.target.checked })}
              slotProps={{ input: { 'data-testid': `gdpr-purpose-${purpose}` } as object }}
            />
          }
          label={optional[purpose] ? t(`gdpr.purpose.${purpose}`) : `${t(`gdpr.purpose.${purpose}`)} (${t('gdpr.required')})`}
        />
      ))}
    </StepFrame>
  );
}
