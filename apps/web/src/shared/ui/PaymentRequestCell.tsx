import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { PaymentRequest } from '@bjk/domain/payments';
import { PaymentStatusChip } from './PaymentStatusChip';

/**
 * The payment request of what a list's row bills (a reservation, a participant): its number (to its page) and
 * status chip, then `children` (what is still owed); `none` when there is no request.
 */
export function PaymentRequestCell({
  request,
  none,
  spacing,
  end = false,
  children,
}: {
  request: Pick<PaymentRequest, 'id' | 'number' | 'status' | 'flagged'> | undefined;
  none: string;
  spacing: number;
  /** Set at the cell's end (a right-aligned column). */
  end?: boolean;
  children?: ReactNode;
}) {
  if (!request)
    return (
      <Typography variant="body2" color="textSecondary">
        {none}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={spacing} sx={{ alignItems: 'center', justifyContent: end ? 'flex-end' : undefined, whiteSpace: 'nowrap' }}>
      <Link component={RouterLink} to={`/mgmt/paymentrequest_edit?id=${request.id}`}>
        {request.number}
      </Link>
      <PaymentStatusChip status={request.status} flagged={request.flagged} />
      {children}
    </Stack>
  );
}
