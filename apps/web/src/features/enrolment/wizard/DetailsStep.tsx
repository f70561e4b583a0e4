import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  contactIssues,
  emptyContact,
  registrationDetailsSchema,
  type PlayerLookup,
  type RegistrationDetails,
  type RegistrationKind,
} from '@bjk/domain/enrolment';
import { currentLanguage } from '../../../shared/i18n';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { saveDraft } from '../api';
import { BackButton } from './BackButton';
import { useFieldMessage } from './field-message';
import { StepFrame } from './StepFrame';
import { onValidSubmit } from '../../../shared/ui/forms';

type ContactFieldsProps = {
  who: 'parent' | 'attendant';
  register: UseFormRegister<RegistrationDetails>;
  errors: FieldErrors<RegistrationDetails>;
};

function ContactFields({ who, register, errors }: ContactFieldsProps) {
  const { t } = useTranslation('enrolment');
  const message = useFieldMessage();
  const fieldErrors = errors[who];
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t(`details.${who}`)}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t(`details.${who}Help`)}
      </Typography>
      <TextField
        label={t('details.fullName')}
        autoComplete="name"
        {...register(`${who}.fullName`)}
        error={!!fieldErrors?.fullName}
        helperText={message(fieldErrors?.fullName?.message)}
        slotProps={{ htmlInput: { 'data-testid': `${who}-fullName` } }}
      />
      <TextField
        label={t('details.email')}
        type="email"
        autoComplete="email"
        {...register(`${who}.email`)}
        error={!!fieldErrors?.email}
        helperText={message(fieldErrors?.email?.message)}
        slotProps={{ htmlInput: { 'data-testid': `${who}-email` } }}
      />
      <TextField
        label={t('details.mobile')}
        type="tel"
        autoComplete="tel"
        placeholder="+32 470 12 34 56"
        {...register(`${who}.mobile`)}
        error={!!fieldErrors?.mobile}
        helperText={message(fieldErrors?.mobile?.message) ?? t('details.mobileHelp')}
        slotProps={{ htmlInput: { 'data-testid': `${who}-mobile` } }}
      />
    </Stack>
  );
}

type Props = {
  kind: RegistrationKind;
  player: PlayerLookup;
  /** What was entered before going back, and the draft it was saved as. */
  kept: { details?: RegistrationDetails; draftId?: string };
  onDrafted: (details: RegistrationDetails, draftId: string) => void;
  onBack: () => void;
};

/**
 * Step 4: category and contacts. The form lives in this step alone: its submit button is its own, so no click on
 * another step can submit it, and its errors show only after the visitor submits it.
 */
export function DetailsStep({ kind, player, kept, onDrafted, onBack }: Props) {
  const { t } = useTranslation('enrolment');
  const message = useFieldMessage();
  const language = currentLanguage();
  const adult = player.adult;
  const schema = useMemo(
    () =>
      registrationDetailsSchema.superRefine((details, ctx) => {
        for (const issue of contactIssues(details, adult)) ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message });
      }),
    [adult],
  );
  const form = useForm<RegistrationDetails>({
    resolver: zodResolver(schema),
    defaultValues: kept.details ?? { category: player.eligibleCategories[0] ?? '', email: '', mobile: '', parent: emptyContact, attendant: emptyContact },
  });
  const { errors } = form.formState;
  const draft = useMutation({
    mutationFn: (details: RegistrationDetails) =>
      saveDraft(kind, { ...details, id: kept.draftId, idbel: player.idbel, idfide: player.idbel ? null : player.idfide, language }),
    onSuccess: (result, details) => onDrafted(details, result.id),
  });

  return (
    <StepFrame
      title={t('details.title')}
      actions={
        <>
          <BackButton onBack={onBack} />
          <Button variant="contained" size="large" type="submit" form="details-form" disabled={draft.isPending} data-testid="wizard-next">
            {t('next')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
        <TextField label={t('details.firstName')} value={player.firstName} slotProps={{ input: { readOnly: true } }} size="small" />
        <TextField label={t('details.lastName')} value={player.lastName} slotProps={{ input: { readOnly: true } }} size="small" />
        <TextField label={t('details.birthYear')} value={player.birthYear ?? ''} slotProps={{ input: { readOnly: true } }} size="small" />
        <TextField
          label={t('details.gender')}
          value={player.gender ? t(`gender.${player.gender}`) : ''}
          slotProps={{ input: { readOnly: true } }}
          size="small"
        />
        <TextField
          label={t('details.fideFederation')}
          value={player.fideFederation ?? '—'}
          slotProps={{ input: { readOnly: true } }}
          size="small"
          sx={{ gridColumn: { xs: 'span 2', sm: 'span 4' } }}
        />
      </Box>
      <Stack component="form" id="details-form" spacing={2} noValidate onSubmit={onValidSubmit(form, (values) => draft.mutate(values))}>
        <TextField
          select
          label={t('details.category')}
          value={form.watch('category')}
          onChange={(e) => form.setValue('category', e.target.value, { shouldValidate: true })}
          error={!!errors.category}
          helperText={message(errors.category?.message) ?? t('details.categoryHelp')}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'details-category' } as object } }}
        >
          {player.eligibleCategories.map((code) => (
            <MenuItem key={code} value={code}>
              {t(`categories.${code}`, { defaultValue: code })}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('details.player')}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {adult ? t('details.playerHelpAdult') : t('details.playerHelpMinor')}
        </Typography>
        <TextField
          label={t('details.email')}
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={!!errors.email}
          helperText={message(errors.email?.message)}
          slotProps={{ htmlInput: { 'data-testid': 'player-email' } }}
        />
        <TextField
          label={t('details.mobile')}
          type="tel"
          autoComplete="tel"
          placeholder="+32 470 12 34 56"
          {...form.register('mobile')}
          error={!!errors.mobile}
          helperText={message(errors.mobile?.message) ?? t('details.mobileHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'player-mobile' } }}
        />
        <ContactFields who="parent" register={form.register} errors={errors} />
        <ContactFields who="attendant" register={form.register} errors={errors} />
        {draft.isError && <ErrorAlert error={draft.error} submit />}
      </Stack>
    </StepFrame>
  );
}
