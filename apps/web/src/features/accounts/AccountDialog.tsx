import Alert from '@mui/material/Alert';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { accountCreateSchema, accountUpdateSchema, passwordResetSchema, type AccountListItem, type PasswordReset } from '@bjk/domain/accounts';
import { ROLES, type Role } from '@bjk/domain/permissions';
import { MutationStatus } from '../../shared/forms/MutationStatus';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { RecordHistory } from '../../shared/ui/RecordHistory';
import { accountsQuery, createAccount, resetPassword, updateAccount } from './api';
import { onValidSubmit } from '../../shared/ui/forms';

/** The create form: the password is optional on the wire (identity-provider accounts) but the form asks for it as text. */
const formSchema = accountCreateSchema.extend({ enabled: z.boolean(), password: z.string() }).superRefine((value, ctx) => {
  if (value.password !== '' && value.password.length < 12) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Too short' });
});
type FormValues = z.infer<typeof formSchema>;

function passwordMessage(t: TFunction<'accounts'>, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message === 'Too short' ? t('validation.passwordTooShort') : t('validation.invalid');
}

function RolesField({ control, t }: { control: Control<FormValues>; t: TFunction<'accounts'> }) {
  return (
    <Controller
      control={control}
      name="roles"
      render={({ field }) => (
        <FormControl component="fieldset" variant="standard">
          <FormLabel component="legend">{t('fields.roles')}</FormLabel>
          <FormGroup>
            {ROLES.map((role: Role) => (
              <FormControlLabel
                key={role}
                control={
                  <Checkbox
                    checked={field.value.includes(role)}
                    onChange={(event) => field.onChange(event.target.checked ? [...field.value, role] : field.value.filter((r) => r !== role))}
                    name={`role-${role}`}
                  />
                }
                label={
                  <span>
                    {t(`roles.${role}.label`)}
                    <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
                      {t(`roles.${role}.help`)}
                    </Typography>
                  </span>
                }
                sx={{ alignItems: 'flex-start', mb: 1, '& .MuiCheckbox-root': { pt: 0.5 } }}
              />
            ))}
          </FormGroup>
        </FormControl>
      )}
    />
  );
}

function PasswordReset({ account }: { account: AccountListItem }) {
  const { t } = useTranslation('accounts');
  const form = useForm<PasswordReset>({ resolver: zodResolver(passwordResetSchema), defaultValues: { password: '' } });
  const mutation = useMutation({ mutationFn: (body: PasswordReset) => resetPassword(account.id, body), onSuccess: () => form.reset() });
  return (
    <Stack component="form" spacing={1} noValidate onSubmit={onValidSubmit(form, (values) => mutation.mutate(values))}>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {t('admin.resetTitle')}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t('admin.resetHelp')}
      </Typography>
      <MutationStatus
        mutation={mutation}
        success={
          <Typography role="status" color="success">
            {t('admin.resetDone')}
          </Typography>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          size="small"
          error={!!form.formState.errors.password}
          helperText={passwordMessage(t, form.formState.errors.password?.message)}
          {...form.register('password')}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined" disabled={mutation.isPending}>
          {t('admin.resetSubmit')}
        </Button>
      </Stack>
    </Stack>
  );
}

type Props = { account: AccountListItem | null; ownId: string; onClose: () => void };

/** Creates a manager (account null) or edits one: name, roles, enabled; then its password and history. */
export function AccountDialog({ account, ownId, onClose }: Props) {
  const { t } = useTranslation('accounts');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const [confirmSelf, setConfirmSelf] = useState(false);
  const form = useForm<FormValues>({
    resolver: zodResolver(account ? formSchema.safeExtend({ email: z.string(), password: z.string() }) : formSchema),
    defaultValues: {
      email: account?.email ?? '',
      displayName: account?.displayName ?? '',
      roles: account?.roles ?? [],
      enabled: account?.enabled ?? true,
      password: '',
    },
  });
  const mutation = useMutation({
    mutationFn: async (values: FormValues) => {
      if (account) return updateAccount(account.id, accountUpdateSchema.parse(values));
      return createAccount({ email: values.email, displayName: values.displayName, roles: values.roles, password: values.password || undefined });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountsQuery.queryKey });
      onClose();
    },
  });
  const { errors } = form.formState;
  const submit = onValidSubmit(form, (values) => {
    const losingAccess = account?.id === ownId && (!values.enabled || !values.roles.includes('admin'));
    if (losingAccess && !confirmSelf) {
      setConfirmSelf(true);
      return;
    }
    mutation.mutate(values);
  });
  const titleId = 'account-dialog-title';
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{account ? t('admin.editTitle', { name: account.displayName }) : t('admin.createTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack component="form" id="account-form" spacing={2} noValidate onSubmit={submit}>
          {mutation.isError && <ErrorAlert error={mutation.error} submit />}
          <TextField
            label={t('fields.email')}
            type="email"
            required
            disabled={!!account}
            autoComplete="off"
            error={!!errors.email}
            helperText={errors.email ? t('validation.email') : account ? t('fields.emailFixed') : undefined}
            {...form.register('email')}
          />
          <TextField
            label={t('fields.displayName')}
            required
            error={!!errors.displayName}
            helperText={errors.displayName ? t('validation.displayName') : undefined}
            {...form.register('displayName')}
          />
          {!account && (
            <TextField
              label={t('fields.password')}
              type="password"
              autoComplete="new-password"
              error={!!errors.password}
              helperText={passwordMessage(t, errors.password?.message) ?? t('fields.passwordHelp')}
              {...form.register('password')}
            />
          )}
          <RolesField control={form.control} t={t} />
          {account && (
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <FormControl>
                  <FormControlLabel
                    control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} name="enabled" />}
                    label={t('fields.enabled')}
                  />
                  <FormHelperText>{t('fields.enabledHelp')}</FormHelperText>
                </FormControl>
              )}
            />
          )}
          {confirmSelf && (
            <Alert severity="warning" role="alert">
              {t('admin.confirmSelf')}
            </Alert>
          )}
        </Stack>
        {account && (
          <Stack spacing={2} sx={{ mt: 3 }}>
            <Divider />
            <PasswordReset account={account} />
            <RecordHistory subjectType="account" subjectId={account.id} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.cancel')}</Button>
        <Button type="submit" form="account-form" variant="contained" disabled={mutation.isPending}>
          {confirmSelf ? t('admin.confirmSave') : t('admin.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
