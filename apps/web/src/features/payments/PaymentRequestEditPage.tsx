import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import {
  invoiceRequestSchema,
  manualPaymentSchema,
  updatePaymentRequestSchema,
  type InvoiceRequest,
  type ManualPayment,
  type PaymentRequestDetail,
  type UpdatePaymentRequest,
} from '@bjk/domain/payments';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { useFieldErrorText } from '../../shared/i18n/field-error';
import { MissingRecord } from '../../shared/ui/MissingRecord';
import { MutationStatus } from '../../shared/forms/MutationStatus';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { paymentsApi, requestDetailQuery } from './api';
import { saveBlob } from '../../shared/ui/save-blob';
import { PaymentStatusChip } from '../../shared/ui/PaymentStatusChip';
import { onValidSubmit } from '../../shared/ui/forms';

/** Refreshes every payments query after a change (lists, this request, its invoices). */
function useRefreshPayments() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['payments'] });
}

/** A form's submit button, contained unless told otherwise. */
function SubmitButton({ label, ...props }: { label: string } & Omit<ButtonProps, 'type' | 'children'>) {
  return (
    <Button type="submit" variant="contained" {...props}>
      {label}
    </Button>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section">
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** An amount typed in euros (to the cent), kept in the form as integer cents. */
function EuroField<T extends FieldValues>({
  form,
  name,
  label,
  helperText,
  htmlInput,
}: {
  form: UseFormReturn<T>;
  name: FieldPath<T>;
  label: string;
  helperText?: string;
  htmlInput: Record<string, unknown>;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          type="number"
          value={(field.value as number) / 100}
          onChange={(e) => field.onChange(Math.round(Number(e.target.value) * 100))}
          error={!!fieldState.error}
          helperText={helperText}
          slotProps={{ htmlInput: { step: '0.01', ...htmlInput } }}
        />
      )}
    />
  );
}

function EditForm({ request }: { request: PaymentRequestDetail }) {
  const { t } = useTranslation('payments');
  const refresh = useRefreshPayments();
  const form = useForm<UpdatePaymentRequest>({
    resolver: zodResolver(updatePaymentRequestSchema),
    values: {
      discountCents: request.discountCents,
      discountRemark: request.discountRemark,
      remarks: request.remarks,
      dueDate: request.dueDate,
      payerEmails: request.payer.emails,
    },
  });
  const save = useMutation({
    mutationFn: (values: UpdatePaymentRequest) => paymentsApi.update(request.id, values),
    onSuccess: refresh,
  });
  const errors = form.formState.errors;
  const fieldError = useFieldErrorText();
  return (
    <Box component="form" noValidate onSubmit={onValidSubmit(form, (values) => save.mutate(values))}>
      <Stack spacing={2}>
        <EuroField form={form} name="discountCents" label={t('edit.discount')} helperText={fieldError(errors.discountCents)} htmlInput={{ min: 0 }} />
        <TextField label={t('edit.discountRemark')} {...form.register('discountRemark')} />
        <TextField label={t('edit.dueDate')} type="date" {...form.register('dueDate')} error={!!errors.dueDate} slotProps={{ inputLabel: { shrink: true } }} />
        <Controller
          control={form.control}
          name="payerEmails"
          render={({ field }) => (
            <TextField
              label={t('edit.emails')}
              value={field.value.join(', ')}
              onChange={(e) => field.onChange(e.target.value.split(/[,;\s]+/).filter(Boolean))}
              error={!!errors.payerEmails}
              helperText={errors.payerEmails ? t('edit.emailsInvalid') : t('edit.emailsHint')}
            />
          )}
        />
        <TextField label={t('edit.remarks')} multiline minRows={2} {...form.register('remarks')} />
        {/* As before, the form's dirty state is read (subscribed to) only once saved: read from the start, the notice did not show. */}
        <MutationStatus mutation={save} success={save.isSuccess && !form.formState.isDirty && <Alert severity="success">{t('edit.saved')}</Alert>} />
        <Box>
          <SubmitButton disabled={save.isPending || request.status === 'cancelled'} label={t('edit.save')} />
        </Box>
      </Stack>
    </Box>
  );
}

function ManualPaymentForm({ request }: { request: PaymentRequestDetail }) {
  const { t } = useTranslation('payments');
  const refresh = useRefreshPayments();
  const form = useForm<ManualPayment>({
    resolver: zodResolver(manualPaymentSchema),
    defaultValues: { amountCents: Math.max(request.totalCents - request.receivedCents, 0), paidOn: new Date().toISOString().slice(0, 10), remark: '' },
  });
  const register = useMutation({
    mutationFn: (values: ManualPayment) => paymentsApi.registerPayment(request.id, values),
    onSuccess: () => {
      form.reset({ amountCents: 0, paidOn: form.getValues('paidOn'), remark: '' });
      return refresh();
    },
  });
  const errors = form.formState.errors;
  const fieldError = useFieldErrorText();
  return (
    <Box component="form" noValidate onSubmit={onValidSubmit(form, (values) => register.mutate(values))}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <EuroField form={form} name="amountCents" label={t('manual.amount')} htmlInput={{ 'data-testid': 'manual-amount' }} />
        <TextField label={t('manual.date')} type="date" {...form.register('paidOn')} error={!!errors.paidOn} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField label={t('manual.remark')} {...form.register('remark')} error={!!errors.remark} helperText={fieldError(errors.remark)} sx={{ flex: 1 }} />
        <SubmitButton variant="outlined" disabled={register.isPending || request.status === 'cancelled'} sx={{ mt: { sm: 1 } }} label={t('manual.register')} />
      </Stack>
      {register.error && <ErrorAlert error={register.error} submit />}
    </Box>
  );
}

function InvoiceDialog({ request, open, onClose }: { request: PaymentRequestDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const refresh = useRefreshPayments();
  const form = useForm<InvoiceRequest>({
    resolver: zodResolver(invoiceRequestSchema),
    defaultValues: {
      customerName: request.payer.name,
      customerAddress: request.payer.address,
      customerVatNumber: request.payer.vatNumber ?? '',
      sendEmail: true,
    },
  });
  const create = useMutation({
    mutationFn: (values: InvoiceRequest) => paymentsApi.createInvoice(request.id, values),
    onSuccess: async () => {
      await refresh();
      onClose();
    },
  });
  const errors = form.formState.errors;
  const fieldError = useFieldErrorText();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={onValidSubmit(form, (values) => create.mutate(values))}>
        <DialogTitle>{t('invoice.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('invoice.customerName')}
              {...form.register('customerName')}
              error={!!errors.customerName}
              helperText={fieldError(errors.customerName)}
            />
            <TextField
              label={t('invoice.customerAddress')}
              multiline
              minRows={2}
              {...form.register('customerAddress')}
              error={!!errors.customerAddress}
              helperText={fieldError(errors.customerAddress)}
            />
            <TextField label={t('invoice.vatNumber')} {...form.register('customerVatNumber')} />
            {create.error && <ErrorAlert error={create.error} submit />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('invoice.close')}</Button>
          <SubmitButton disabled={create.isPending} label={t('invoice.create')} />
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function Actions({ request }: { request: PaymentRequestDetail }) {
  const { t } = useTranslation('payments');
  const [invoiceOpen, setInvoiceOpen] = useState(false);
  const done = useRefreshPayments();
  const recompute = useMutation({ mutationFn: () => paymentsApi.recompute(request.id), onSuccess: done });
  const send = useMutation({ mutationFn: () => paymentsApi.send(request.id), onSuccess: done });
  const cancel = useMutation({ mutationFn: () => paymentsApi.cancel(request.id), onSuccess: done });
  const download = useMutation({
    mutationFn: () => paymentsApi.invoicePdf(request.id),
    onSuccess: (blob) => saveBlob(blob, `invoice-${request.invoiceNumber}.pdf`),
  });
  const error = recompute.error ?? send.error ?? cancel.error ?? download.error;
  const active = request.status !== 'cancelled';
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" disabled={!active || send.isPending} onClick={() => send.mutate()} data-testid="send">
          {request.sentAt ? t('actions.sendAgain') : t('actions.send')}
        </Button>
        <Button variant="outlined" disabled={!active || recompute.isPending} onClick={() => recompute.mutate()}>
          {t('actions.recompute')}
        </Button>
        {request.invoiceNumber === null ? (
          <Button variant="outlined" disabled={request.status !== 'paid'} onClick={() => setInvoiceOpen(true)} data-testid="invoice">
            {t('actions.invoice')}
          </Button>
        ) : (
          <Button variant="outlined" onClick={() => download.mutate()} data-testid="invoice-download">
            {t('actions.downloadInvoice', { number: request.invoiceNumber })}
          </Button>
        )}
        <Button variant="outlined" color="error" disabled={!active || request.receivedCents !== 0 || cancel.isPending} onClick={() => cancel.mutate()}>
          {t('actions.cancel')}
        </Button>
        <Button component={RouterLink} to={request.paymentPagePath} target="_blank" rel="noopener">
          {t('actions.paymentPage')}
        </Button>
      </Stack>
      {send.isSuccess && <Alert severity="success">{t('actions.sent')}</Alert>}
      {error && <ErrorAlert error={error} submit />}
      {invoiceOpen && <InvoiceDialog request={request} open onClose={() => setInvoiceOpen(false)} />}
    </Stack>
  );
}

/** `/mgmt/paymentrequest_edit?id=`: one request with lines, discount, payments, actions and history. */
export function PaymentRequestEditPage() {
  const { t } = useTranslation('payments');
  const language = currentLanguage();
  const { timeZone } = useEdition();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const known = Number.isInteger(id) && id > 0;
  const { data: request, error } = useQuery({ ...requestDetailQuery(id), enabled: known });
  // Back to the list as the manager left it (its search and filters), else the whole list.
  const state: unknown = useLocation().state;
  const back =
    typeof state === 'object' && state !== null && 'back' in state && typeof state.back === 'string' && state.back.startsWith('/mgmt/paymentrequests')
      ? state.back
      : '/mgmt/paymentrequests';
  // On a phone the quantity and unit price columns are hidden: the totals' label spans the one column left.
  const wide = useMediaQuery(useTheme().breakpoints.up('sm'), { noSsr: true });
  const labelSpan = wide ? 3 : 1;
  if (!known || error) return <MissingRecord message={t('edit.missingId')} error={error} backTo="/mgmt/paymentrequests" backLabel={t('edit.backToList')} />;
  if (!request) return null;
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="body2" sx={{ mb: 1 }}>
          <RouterLink to={back} data-testid="back-to-list">
            {t('edit.backToList')}
          </RouterLink>
        </Typography>
        <Typography variant="h1">{t('edit.title', { number: request.number })}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
          <PaymentStatusChip status={request.status} flagged={request.flagged} />
          <Typography sx={{ fontFamily: 'monospace' }} data-testid="structured-message">
            {request.structuredMessage}
          </Typography>
          <Typography color="textSecondary">{t(`kind.${request.kind}`)}</Typography>
        </Stack>
      </Box>
      <Section title={t('edit.payer')}>
        <Typography>{request.payer.name}</Typography>
        <Typography color="textSecondary">{request.payer.emails.join(', ')}</Typography>
        <Typography color="textSecondary">{request.payer.address}</Typography>
      </Section>
      <Section title={t('edit.lines')}>
        <TableContainer>
          <Table size="small" aria-label={t('edit.lines')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.description')}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('columns.quantity')}
                </TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('columns.unitPrice')}
                </TableCell>
                <TableCell align="right">{t('columns.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {request.lines.map((line, index) => (
                <TableRow key={index}>
                  <TableCell>{line.description}</TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {line.quantity}
                  </TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {money(line.unitPriceCents)}
                  </TableCell>
                  <TableCell align="right">{money(line.totalCents)}</TableCell>
                </TableRow>
              ))}
              {request.discountCents > 0 && (
                <TableRow>
                  <TableCell colSpan={labelSpan}>{`${t('edit.discount')} ${request.discountRemark}`.trim()}</TableCell>
                  <TableCell align="right">{money(-request.discountCents)}</TableCell>
                </TableRow>
              )}
              <TableRow>
                <TableCell colSpan={labelSpan} sx={{ fontWeight: 700 }}>
                  {t('columns.total')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="request-total">
                  {money(request.totalCents)}
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell colSpan={labelSpan}>{t('columns.received')}</TableCell>
                <TableCell align="right" data-testid="request-received">
                  {money(request.receivedCents)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
        <Typography sx={{ mt: 1 }} color="textSecondary">
          {t('edit.dueOn', { date: formatDate(request.dueDate, language) })}
          {request.paidDate ? ` · ${t('edit.paidOn', { date: formatDate(request.paidDate, language) })}` : ''}
          {request.sentAt ? ` · ${t('edit.sentOn', { date: formatDateTime(request.sentAt, language, timeZone) })}` : ''}
        </Typography>
      </Section>
      <Section title={t('edit.actions')}>
        <Actions request={request} />
      </Section>
      <Section title={t('edit.settings')}>
        <EditForm request={request} />
      </Section>
      <Section title={t('manual.title')}>
        <ManualPaymentForm request={request} />
        <List dense>
          {request.payments.map((p) => (
            <ListItem key={p.id} disableGutters>
              <ListItemText
                primary={`${money(p.amountCents)} · ${formatDate(p.paidOn, language)} · ${t(`method.${p.method}`)}`}
                secondary={[p.counterpartyName, p.remark, t(`outcome.${p.outcome}`)].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </Section>
      <Section title={t('edit.history')}>
        <List dense>
          {request.history.map((h, index) => (
            <ListItem key={index} disableGutters>
              <ListItemText
                primary={`${formatDateTime(h.at, language, timeZone)} · ${t(`history.${h.action.replace('payments.', '')}`)}`}
                secondary={h.actor ?? ''}
              />
            </ListItem>
          ))}
        </List>
      </Section>
    </Stack>
  );
}
