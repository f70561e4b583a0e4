import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { PaymentRequestStatus } from '@bjk/domain/payments';

const COLORS: Record<PaymentRequestStatus, 'default' | 'warning' | 'success' | 'error'> = {
  open: 'default',
  partially_paid: 'warning',
  paid: 'success',
  cancelled: 'error',
};

export function StatusChip({ status, flagged = false }: { status: PaymentRequestStatus; flagged?: boolean }) {
  const { t } = useTranslation('payments');
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant={status === 'open' ? 'outlined' : 'filled'}
      label={flagged ? `${t(`status.${status}`)} · ${t('flagged')}` : t(`status.${status}`)}
      data-testid="payment-status"
    />
  );
}
