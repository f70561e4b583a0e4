import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PaymentRequestKind } from '@bjk/domain/payments';
import { hasPermission, useManager } from '../auth/session';
import { formatDate, formatMoney } from '../format';
import { currentLanguage } from '../i18n';
import { createSourcePaymentRequest, sharedKeys, sourcePaymentQuery } from './api';
import { ErrorAlert } from './ErrorAlert';
import { PaymentStatusChip } from './PaymentStatusChip';

type Props = { kind: PaymentRequestKind; sourceId: string };

/**
 * The payment request of what a page shows (a reservation, a participant): number, status, total, received and
 * outstanding, a link to the request's page, and "create" when there is none. Shared by the lodging and enrolment
 * pages because features do not import each other; it talks to the payments API only. Hidden from managers who may
 * not read payments.
 */
export function SourcePaymentRequest({ kind, sourceId }: Props) {
  const { t } = useTranslation('payments');
  const language = currentLanguage();
  const session = useManager();
  const queryClient = useQueryClient();
  const mayRead = hasPermission(session, 'payments:read');
  const mayWrite = hasPermission(session, 'payments:write');
  const query = useQuery({ ...sourcePaymentQuery(kind, sourceId), enabled: mayRead });
  const create = useMutation({
    mutationFn: () => createSourcePaymentRequest(kind, sourceId),
    onSuccess: (request) => {
      queryClient.setQueryData(sharedKeys.sourcePayment(kind, sourceId), request);
      void queryClient.invalidateQueries({ queryKey: ['payments'], refetchType: 'none' });
    },
  });
  if (!mayRead) return null;
  const request = query.data;
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <Box data-testid="source-payment-request">
      {query.isError && <ErrorAlert error={query.error} />}
      {query.isSuccess && request && (
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Link component={RouterLink} to={`/mgmt/paymentrequest_edit?id=${request.id}`} data-testid="source-payment-link">
              {t('source.number', { number: request.number })}
            </Link>
            <PaymentStatusChip status={request.status} flagged={request.flagged} />
            {request.sentAt ? (
              <Typography variant="body2" color="textSecondary">
                {t('edit.sentOn', { date: formatDate(request.sentAt.slice(0, 10), language) })}
              </Typography>
            ) : (
              <Typography variant="body2" color="textSecondary">
                {t('source.notSent')}
              </Typography>
            )}
          </Stack>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, '& dd': { m: 0, fontVariantNumeric: 'tabular-nums' } }}
          >
            <dt>{t('totals.due')}</dt>
            <dd data-testid="source-payment-total">{money(request.totalCents)}</dd>
            <dt>{t('totals.received')}</dt>
            <dd data-testid="source-payment-received">{money(request.receivedCents)}</dd>
            <dt>{t('totals.outstanding')}</dt>
            <dd data-testid="source-payment-outstanding">{money(Math.max(request.totalCents - request.receivedCents, 0))}</dd>
            <dt>{t('edit.dueDate')}</dt>
            <dd>{formatDate(request.dueDate, language)}</dd>
          </Box>
        </Stack>
      )}
      {query.isSuccess && (!request || request.status === 'cancelled') && (
        <Stack spacing={1} sx={{ mt: request ? 2 : 0 }}>
          {!request && <Typography color="textSecondary">{t('source.none')}</Typography>}
          {mayWrite && (
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              sx={{ alignSelf: 'flex-start' }}
              onClick={() => create.mutate()}
              disabled={create.isPending}
              data-testid="create-payment-request"
            >
              {t('source.create')}
            </Button>
          )}
          {create.isError && <ErrorAlert error={create.error} />}
        </Stack>
      )}
    </Box>
  );
}
