import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
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
      <Box component="dl" sx={{ m: 0, flex: 1, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 } }}>
        {details.map(([label, value, testId]) => (
          <Box key={testId} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 600, mt: { xs: 1, sm: 0 } }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontFamily: testId === 'pay-message' || testId === 'pay-iban' ? 'monospace' : undefined, overflowWrap: 'anywhere' }} data-testid={testId}>
              {value}
            </Typography>
          </Box>
        ))}
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
