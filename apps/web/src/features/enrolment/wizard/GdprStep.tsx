import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from './BackButton';
import { StepFrame } from './StepFrame';

/** Step 6: consent to the use of the data and the photo (required). */
export function GdprStep({ consented, onConsent, onBack }: { consented: boolean; onConsent: () => void; onBack: () => void }) {
  const { t } = useTranslation('enrolment');
  const [consent, setConsent] = useState(consented);
  const [missing, setMissing] = useState(false);
  return (
    <StepFrame
      title={t('gdpr.title')}
      actions={
        <>
          <BackButton onBack={onBack} />
          <Button variant="contained" size="large" onClick={() => (consent ? onConsent() : setMissing(true))} data-testid="wizard-next">
            {t('next')}
          </Button>
        </>
      }
    >
      <Box component="ul" sx={{ pl: 3, m: 0, '& li': { mb: 1 } }}>
        <li>{t('gdpr.onlyThisTournament')}</li>
        <li>{t('gdpr.neverPassedOn')}</li>
        <li>{t('gdpr.photoBadge')}</li>
        <li>{t('gdpr.overviewPhotos')}</li>
        <li>{t('gdpr.closeUps')}</li>
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
    </StepFrame>
  );
}
