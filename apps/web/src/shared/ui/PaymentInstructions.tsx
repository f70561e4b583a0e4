import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicPayment } from '@bjk/domain/payments';
import { formatDate, formatMoney } from '../format';
import { currentLanguage } from '../i18n';

/** What to transfer and where (amount, beneficiary, IBAN, BIC, structured message, due date) and the EPC QR code. */
export function PaymentInstructions({ payment }: { payment: PublicPayment }) {
  const { t } = useTranslation('payments');
  const language = currentLanguage();
  const details: [string, string, string][] = [
    [t('page.amount'), formatMoney(payment.outstandingCents, language), 'pay-amount'],
    [t('page.beneficiary'), payment.beneficiary, 'pay-beneficiary'],
    [t('page.iban'), payment.iban, 'pay-iban'],
    [t('page.bic'), payment.bic, 'pay-bic'],
    [t('page.message'), payment.structuredMessage, 'pay-message'],
    [t('page.dueDate'), formatDate(payment.dueDate, language), 'pay-due'],
  ];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'flex-start' } }}>
      {/* Each label above its value at every width: beside the QR code, a label column left the values so little room
          that the IBAN, the structured message and the beneficiary's name broke in the middle. */}
      <Box component="dl" sx={{ m: 0, flex: 1, minWidth: 0 }}>
        {details.map(([label, value, testId]) => {
          const code = testId === 'pay-message' || testId === 'pay-iban';
          return (
            <Fragment key={testId}>
              <Typography component="dt" sx={{ fontWeight: 600, mt: 1, '&:first-of-type': { mt: 0 } }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontFamily: code ? 'monospace' : undefined, whiteSpace: code ? 'nowrap' : undefined, overflowWrap: 'break-word' }} data-testid={testId}>
                {value}
              </Typography>
            </Fragment>
          );
        })}
      </Box>
      <Box sx={{ textAlign: 'center' }}>
        <Box component="img" src={payment.qrPngPath} alt={t('page.qrAlt')} width={240} height={240} sx={{ maxWidth: '100%', height: 'auto' }} data-testid="pay-qr" />
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 240 }}>
          {t('page.scanHint')}
        </Typography>
      </Box>
    </Stack>
  );
}
