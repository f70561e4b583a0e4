import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Controller, get, useFormContext, useFormState, type FieldError, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SETTINGS_ISSUES, type EditionSettings } from '@bjk/domain/edition';
import { LANGUAGES } from '@bjk/domain/languages';
import { currentLanguage } from '../../shared/i18n';
import { centsToInput, inputToCents, isoToZonedInput, zonedInputToIso } from './settings-inputs';

export type SettingsPath = Path<EditionSettings>;

/**
 * A field's validation failure in words a non-developer reads (the shared schema's codes, translated). Subscribed to
 * this field's errors only: reading the form's own `formState` here would re-render the whole (long) form.
 */
export function useFieldError(name: SettingsPath): string | undefined {
  const { t } = useTranslation('edition');
  const { errors } = useFormState<EditionSettings>({ name });
  const error: FieldError | undefined = get(errors, name);
  if (!error) return undefined;
  if (error.type === 'custom') {
    if (error.message === SETTINGS_ISSUES.duplicateCode) return t('validation.duplicateCode');
    if (error.message === SETTINGS_ISSUES.yearOrder) return t('validation.yearOrder');
    if (error.message === SETTINGS_ISSUES.unknownCategory) return t('validation.unknownCategory');
    if (error.message === SETTINGS_ISSUES.duplicatePlace) return t('validation.duplicatePlace');
    if (error.message === SETTINGS_ISSUES.birthYearRequired) return t('validation.birthYearRequired');
    if (error.message === SETTINGS_ISSUES.duplicatePrizes) return t('validation.duplicatePrizes');
    if (error.message === 'Invalid value') return t('validation.order');
  }
  switch (error.type) {
    case 'too_small':
      return t('validation.tooSmall');
    case 'too_big':
      return t('validation.tooBig');
    case 'invalid_format':
      return t('validation.format');
    case 'invalid_type':
      return t('validation.required');
    default:
      return t('validation.invalid');
  }
}

export function Section({ title, help, children, id }: { title: string; help?: string; children: ReactNode; id: string }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-labelledby={id}>
      <Typography variant="h2" id={id} sx={{ fontSize: '1.25rem', mb: help ? 0.5 : 2 }}>
        {title}
      </Typography>
      {help && (
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          {help}
        </Typography>
      )}
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

/** Fields side by side on wide screens, stacked on phones. */
export function Row({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ '& > *': { flex: 1, minWidth: 0 } }}>
      {children}
    </Stack>
  );
}

export function TextInput({
  name,
  label,
  helper,
  type = 'text',
  required = true,
}: {
  name: SettingsPath;
  label: string;
  helper?: string;
  type?: string;
  required?: boolean;
}) {
  const { register } = useFormContext<EditionSettings>();
  const error = useFieldError(name);
  return <TextField label={label} type={type} required={required} error={!!error} helperText={error ?? helper} {...register(name)} />;
}

export function NumberInput({ name, label, helper, unit }: { name: SettingsPath; label: string; helper?: string; unit?: string }) {
  const { register } = useFormContext<EditionSettings>();
  const error = useFieldError(name);
  return (
    <TextField
      label={label}
      type="number"
      required
      error={!!error}
      helperText={error ?? helper}
      slotProps={{ htmlInput: { inputMode: 'numeric' }, input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined }}
      {...register(name, { valueAsNumber: true })}
    />
  );
}

/** Money typed in euros with decimals, kept as integer cents. */
export function MoneyInput({ name, label, helper }: { name: SettingsPath; label: string; helper?: string }) {
  const { control } = useFormContext<EditionSettings>();
  const { t } = useTranslation('edition');
  const error = useFieldError(name);
  const language = currentLanguage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <MoneyText
          value={field.value as number}
          onChange={field.onChange}
          onBlur={field.onBlur}
          label={label}
          error={error ? t('validation.money') : undefined}
          helper={helper}
          language={language}
        />
      )}
    />
  );
}

function MoneyText(props: {
  value: number;
  onChange: (cents: number) => void;
  onBlur: () => void;
  label: string;
  error?: string;
  helper?: string;
  language: ReturnType<typeof currentLanguage>;
}) {
  const [text, setText] = useState(() => centsToInput(props.value, props.language));
  // The amount changed from outside (undo, the saved settings): show it, unless the typed text says the same.
  const [shown, setShown] = useState(props.value);
  if (!Object.is(shown, props.value)) {
    setShown(props.value);
    if (!Object.is(inputToCents(text), props.value)) setText(centsToInput(props.value, props.language));
  }
  return (
    <TextField
      label={props.label}
      required
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        props.onChange(inputToCents(e.target.value));
      }}
      onBlur={() => {
        const cents = inputToCents(text);
        if (Number.isFinite(cents)) setText(centsToInput(cents, props.language));
        props.onBlur();
      }}
      error={!!props.error}
      helperText={props.error ?? props.helper}
      slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">€</InputAdornment> } }}
    />
  );
}

export function DateInput({ name, label, helper }: { name: SettingsPath; label: string; helper?: string }) {
  const { register } = useFormContext<EditionSettings>();
  const error = useFieldError(name);
  return (
    <TextField
      label={label}
      type="date"
      required
      error={!!error}
      helperText={error ?? helper}
      slotProps={{ inputLabel: { shrink: true } }}
      {...register(name)}
    />
  );
}

/** A moment (deadline) entered as wall time in the edition's time zone. */
export function DateTimeInput({ name, label, helper, timeZone }: { name: SettingsPath; label: string; helper?: string; timeZone: string }) {
  const { control } = useFormContext<EditionSettings>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          label={label}
          type="datetime-local"
          required
          value={isoToZonedInput(field.value as string, timeZone)}
          onChange={(e) => field.onChange(zonedInputToIso(e.target.value, timeZone))}
          onBlur={field.onBlur}
          error={!!error}
          helperText={error ?? helper}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
        />
      )}
    />
  );
}

export function CheckInput({ name, label }: { name: SettingsPath; label: string }) {
  const { control } = useFormContext<EditionSettings>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />}
          label={label}
        />
      )}
    />
  );
}

/** A year that may stay empty (no limit), kept as a number or undefined. */
export function OptionalYearInput({ name, label, helper }: { name: SettingsPath; label: string; helper?: string }) {
  const { control } = useFormContext<EditionSettings>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          label={label}
          type="number"
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
          onBlur={field.onBlur}
          error={!!error}
          helperText={error ?? helper}
          slotProps={{ htmlInput: { inputMode: 'numeric', min: 1900, max: 2100 } }}
        />
      )}
    />
  );
}

/** One text in the four languages of the site. */
export function LocalizedInput({
  name,
  label,
}: {
  name: 'name' | 'shortName' | `roomTypes.${number}.label` | `vk.categories.${number}.label` | `prizes.categories.${number}.special.${number}.label`;
  label: string;
}) {
  const { t } = useTranslation('edition');
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
        {label}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} useFlexGap sx={{ '& > *': { flex: 1, minWidth: 0 } }}>
        {LANGUAGES.map((language) => (
          <TextInput key={language} name={`${name}.${language}` as SettingsPath} label={t(`languages.${language}`)} />
        ))}
      </Stack>
    </fieldset>
  );
}
