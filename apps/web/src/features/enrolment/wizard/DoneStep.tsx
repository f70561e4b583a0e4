import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ConfirmedRegistration, PlayerLookup } from '@bjk/domain/enrolment';
import { formatMoney } from '../../../shared/format';
import { currentLanguage } from '../../../shared/i18n';
import { PaymentInstructions } from '../../../shared/ui/PaymentInstructions';

/** After the confirmation: thanks, what to pay, and a new enrolment. */
export function DoneStep({ player, confirmed, onRestart }: { player: PlayerLookup; confirmed: ConfirmedRegistration; onRestart: () => void }) {
  const { t } = useTranslation('enrolment');
  const language = currentLanguage();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Alert severity="success" data-testid="enrolment-done">
          {t('done.thanks', { name: `${player.firstName} ${player.lastName}` })}
        </Alert>
        {confirmed.payment ? (
          <Stack spacing={2} data-testid="enrolment-payment">
            <Typography>{t('done.instructions', { fee: formatMoney(confirmed.payment.outstandingCents, language) })}</Typography>
            <PaymentInstructions payment={confirmed.payment} />
            <Link component={RouterLink} to={confirmed.payment.pagePath} data-testid="enrolment-payment-link">
              {t('done.paymentPage')}
            </Link>
          </Stack>
        ) : (
          <Typography>{t('done.payment', { fee: formatMoney(confirmed.feeCents, language) })}</Typography>
        )}
        {confirmed.mailedTo.length > 0 && (
          <Typography data-testid="enrolment-mailed-to">
            {t('done.mail', {
              who: new Intl.ListFormat(language, { type: 'conjunction' }).format(confirmed.mailedTo.map((who) => t(`done.recipient.${who}`))),
            })}
          </Typography>
        )}
        <Button variant="outlined" size="large" onClick={onRestart} data-testid="enrolment-new">
          {t('done.new')}
        </Button>
      </Stack>
    </Paper>
  );
}
