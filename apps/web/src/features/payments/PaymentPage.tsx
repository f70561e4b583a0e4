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
import { formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { PaymentInstructions } from '../../shared/ui/PaymentInstructions';
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
      {data.status !== 'paid' && <PaymentInstructions payment={data} />}
    </Stack>
  );
}
