import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { PaymentRequestStatus } from '@bjk/domain/payments';

// Filled colours with at least 4.5:1 contrast for the white label (MUI's warning orange has less).
const COLORS: Record<PaymentRequestStatus, 'default' | 'primary' | 'success' | 'error'> = {
  open: 'default',
  partially_paid: 'primary',
  paid: 'success',
  cancelled: 'error',
};

/**
 * A payment request's status as a chip, for the payments pages and for the pages of what a request bills
 * (reservations, participants): shared because features do not import each other.
 */
export function PaymentStatusChip({ status, flagged = false }: { status: PaymentRequestStatus; flagged?: boolean }) {
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
