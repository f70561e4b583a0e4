import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { EnrolmentPhase } from '@bjk/domain/enrolment';
import { useTranslation } from 'react-i18next';
import { useEdition } from '../../../shared/edition/useEdition';
import { formatMoney } from '../../../shared/format';
import { currentLanguage } from '../../../shared/i18n';
import { StepFrame } from './StepFrame';

/** Step 1: what is needed (federation id, a recent photo, contacts). */
export function IntroStep({ phase, onStart }: { phase: EnrolmentPhase; onStart: () => void }) {
  const { t } = useTranslation('enrolment');
  const edition = useEdition();
  const language = currentLanguage();
  return (
    <StepFrame
      title={t('intro.title')}
      actions={
        <>
          <span />
          <Button variant="contained" size="large" onClick={onStart} data-testid="wizard-next">
            {t('intro.start')}
          </Button>
        </>
      }
    >
      <Typography>{t('intro.text', { fee: formatMoney(edition.fees.enrolmentCents, language) })}</Typography>
      <Box component="ul" sx={{ pl: 3, m: 0 }}>
        <li>{t('intro.needId')}</li>
        <li>{t('intro.needPhoto')}</li>
        <li>{t('intro.needContact')}</li>
      </Box>
      <Alert severity="info">{t('intro.noId')}</Alert>
      {phase === 'late' && <Alert severity="warning">{t('lateNotice', { fee: formatMoney(edition.fees.lateFeeCents, language) })}</Alert>}
    </StepFrame>
  );
}
