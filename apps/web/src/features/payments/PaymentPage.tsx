import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDate, formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { publicPaymentQuery } from './api';

/** `/payment/:token`: the e-mail's payment details and EPC QR code, for whoever holds the link; nothing else. */
export function PaymentPage() {
  const { t } = useTranslation('payments');
  const language = currentLanguage();
  const { token = '' } = useParams();
  const { data, error } = useQuery(publicPaymentQuery(token));
  if (error) return <ErrorAlert error={error} />;
  if (!data) return null;
  const money = (cents: number) => formatMoney(cents, language);
  const details: [string, string, string][] = [
    [t('page.amount'), money(data.outstandingCents), 'pay-amount'],
    [t('page.beneficiary'), data.beneficiary, 'pay-beneficiary'],
    [t('page.iban'), data.iban, 'pay-iban'],
    [t('page.bic'), data.bic, 'pay-bic'],
    [t('page.message'), data.structuredMessage, 'pay-message'],
    [t('page.dueDate'), formatDate(data.dueDate, language), 'pay-due'],
  ];
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Typography variant="h1">{t('page.title', { number: data.number })}</Typography>
      {data.status === 'paid' ? (
        <Typography data-testid="pay-paid">{t('page.paid')}</Typography>
      ) : (
        <Typography>{t('page.intro')}</Typography>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Table size="small" aria-label={t('page.lines')}>
          <TableBody>
            {data.lines.map((line, index) => (
              <TableRow key={index}>
                <TableCell>{line.description}</TableCell>
                <TableCell align="right">{`${line.quantity} × ${money(line.unitPriceCents)}`}</TableCell>
                <TableCell align="right">{money(line.totalCents)}</TableCell>
              </TableRow>
            ))}
            {data.discountCents > 0 && (
              <TableRow>
                <TableCell colSpan={2}>{t('page.discount')}</TableCell>
                <TableCell align="right">{money(-data.discountCents)}</TableCell>
              </TableRow>
            )}
            <TableRow>
              <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
                {t('page.total')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {money(data.totalCents)}
              </TableCell>
            </TableRow>
            {data.receivedCents > 0 && (
              <TableRow>
                <TableCell colSpan={2}>{t('page.received')}</TableCell>
                <TableCell align="right">{money(data.receivedCents)}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
      {data.status !== 'paid' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Box component="dl" sx={{ m: 0, flex: 1, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1 }}>
            {details.map(([label, value, testId]) => (
              <Box key={testId} sx={{ display: 'contents' }}>
                <Typography component="dt" sx={{ fontWeight: 600 }}>
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontFamily: testId === 'pay-message' || testId === 'pay-iban' ? 'monospace' : undefined, overflowWrap: 'anywhere' }} data-testid={testId}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Box sx={{ textAlign: 'center' }}>
            <Box component="img" src={data.qrPngPath} alt={t('page.qrAlt')} width={240} height={240} sx={{ maxWidth: '100%', height: 'auto' }} data-testid="pay-qr" />
            <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 240 }}>
              {t('page.scanHint')}
            </Typography>
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
