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

const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } };

/** A total under the lines; the middle (quantity × price) column exists on wide screens only. */
function SummaryRow({ label, value, bold = false }: { label: string; value: string; bold?: boolean }) {
  const weight = bold ? { fontWeight: 700 } : {};
  return (
    <TableRow>
      <TableCell sx={weight}>{label}</TableCell>
      <TableCell sx={WIDE_ONLY} />
      <TableCell align="right" sx={weight}>
        {value}
      </TableCell>
    </TableRow>
  );
}

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
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, overflowX: 'auto' }}>
        <Table size="small" aria-label={t('page.lines')}>
          <TableBody>
            {data.lines.map((line, index) => (
              <TableRow key={index}>
                <TableCell>{line.description}</TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>{`${line.quantity} × ${money(line.unitPriceCents)}`}</TableCell>
                <TableCell align="right">{money(line.totalCents)}</TableCell>
              </TableRow>
            ))}
            {data.discountCents > 0 && <SummaryRow label={t('page.discount')} value={money(-data.discountCents)} />}
            <SummaryRow label={t('page.total')} value={money(data.totalCents)} bold />
            {data.receivedCents > 0 && <SummaryRow label={t('page.received')} value={money(data.receivedCents)} />}
          </TableBody>
        </Table>
      </Paper>
      {data.status !== 'paid' && (
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
