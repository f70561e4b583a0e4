import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactElement, type ReactNode } from 'react';
import {
  Controller,
  get,
  useFormContext,
  useFormState,
  type ControllerRenderProps,
  type FieldArray,
  type FieldArrayPath,
  type FieldError,
  type Path,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SETTINGS_ISSUES, type EditionSettings } from '@bjk/domain/edition';
import { LANGUAGES } from '@bjk/domain/languages';
import { ListEditor } from '../../shared/forms/ListEditor';
import type { SelectOption } from '../../shared/forms/SelectField';
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

type InputProps = { name: SettingsPath; label: string; helper?: string };

/** A text field registered on the form (typed as text, a number, a date, a colour), its failure or `helper` under it. */
function RegisteredInput({
  name,
  label,
  helper,
  required = true,
  valueAsNumber = false,
  ...props
}: InputProps & { required?: boolean; valueAsNumber?: boolean } & Pick<TextFieldProps, 'type' | 'slotProps'>) {
  const { register } = useFormContext<EditionSettings>();
  const error = useFieldError(name);
  return <TextField label={label} required={required} error={!!error} helperText={error ?? helper} {...props} {...register(name, { valueAsNumber })} />;
}

/** A field the form keeps through a controller: `render` draws it from the form's field. */
function ControlledField({ name, render }: { name: SettingsPath; render: (field: ControllerRenderProps<EditionSettings>) => ReactElement }) {
  const { control } = useFormContext<EditionSettings>();
  return <Controller control={control} name={name} render={({ field }) => render(field)} />;
}

/** A text field whose text the form keeps as another value: `toText` shows the value, `fromText` reads what is typed. */
function ConvertedInput({
  name,
  label,
  helper,
  toText,
  fromText,
  ...props
}: InputProps & { toText: (value: unknown) => string; fromText: (text: string) => unknown } & Pick<
    TextFieldProps,
    'type' | 'required' | 'slotProps' | 'select' | 'children' | 'sx'
  >) {
  const error = useFieldError(name);
  return (
    <ControlledField
      name={name}
      render={(field) => (
        <TextField
          label={label}
          {...props}
          value={toText(field.value)}
          onChange={(e) => field.onChange(fromText(e.target.value))}
          onBlur={field.onBlur}
          error={!!error}
          helperText={error ?? helper}
        />
      )}
    />
  );
}

const asText = (value: unknown) => String(value ?? '');
const asTyped = (text: string) => text;

/** A choice among `options`; `toText`/`fromText` where the form keeps the choice as another value. */
export function SelectInput({
  name,
  label,
  helper,
  options,
  toText = asText,
  fromText = asTyped,
  sx,
}: InputProps & { options: readonly SelectOption[]; toText?: (value: unknown) => string; fromText?: (text: string) => unknown } & Pick<TextFieldProps, 'sx'>) {
  return (
    <ConvertedInput name={name} label={label} helper={helper} toText={toText} fromText={fromText} sx={sx} select>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </ConvertedInput>
  );
}

/** Fields under one legend (a fieldset without the browser's frame). */
export function FieldGroup({ legend, legendMargin = 1.5, children }: { legend: string; legendMargin?: number; children: ReactNode }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: legendMargin }}>
        {legend}
      </Typography>
      {children}
    </fieldset>
  );
}

export function TextInput({ name, label, helper, type = 'text', required = true }: InputProps & { type?: string; required?: boolean }) {
  return <RegisteredInput name={name} label={label} helper={helper} type={type} required={required} />;
}

export function NumberInput({ name, label, helper, unit }: InputProps & { unit?: string }) {
  return (
    <RegisteredInput
      name={name}
      label={label}
      helper={helper}
      type="number"
      valueAsNumber
      slotProps={{ htmlInput: { inputMode: 'numeric' }, input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined }}
    />
  );
}

/** Money typed in euros with decimals, kept as integer cents. */
export function MoneyInput({ name, label, helper }: { name: SettingsPath; label: string; helper?: string }) {
  const { t } = useTranslation('edition');
  const error = useFieldError(name);
  const language = currentLanguage();
  return (
    <ControlledField
      name={name}
      render={(field) => (
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

export function DateInput({ name, label, helper }: InputProps) {
  return <RegisteredInput name={name} label={label} helper={helper} type="date" slotProps={{ inputLabel: { shrink: true } }} />;
}

/** A moment (deadline) entered as wall time in the edition's time zone. */
export function DateTimeInput({ name, label, helper, timeZone }: InputProps & { timeZone: string }) {
  return (
    <ConvertedInput
      name={name}
      label={label}
      helper={helper}
      type="datetime-local"
      required
      toText={(value) => isoToZonedInput(value as string, timeZone)}
      fromText={(text) => zonedInputToIso(text, timeZone)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
    />
  );
}

export function CheckInput({ name, label }: { name: SettingsPath; label: string }) {
  return (
    <ControlledField
      name={name}
      render={(field) => (
        <FormControlLabel
          control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />}
          label={label}
        />
      )}
    />
  );
}

/** A year that may stay empty (no limit), kept as a number or undefined. */
export function OptionalYearInput({ name, label, helper }: InputProps) {
  return (
    <ConvertedInput
      name={name}
      label={label}
      helper={helper}
      type="number"
      toText={(value) => (value === undefined || value === null ? '' : String(value))}
      fromText={(text) => (text === '' ? undefined : Number(text))}
      slotProps={{ htmlInput: { inputMode: 'numeric', min: 1900, max: 2100 } }}
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
    <FieldGroup legend={label}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} useFlexGap sx={{ '& > *': { flex: 1, minWidth: 0 } }}>
        {LANGUAGES.map((language) => (
          <TextInput key={language} name={`${name}.${language}` as SettingsPath} label={t(`languages.${language}`)} />
        ))}
      </Stack>
    </FieldGroup>
  );
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const kebab = (word: string) => word.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * A list of the settings edited in place, one card per item. `item` names the item in the texts (`fields.<item>`
 * titles a card with its number, `actions.remove<Item>` and `actions.add<Item>` its buttons) and, in kebab case,
 * the cards' test id.
 */
export function SettingsList<N extends FieldArrayPath<EditionSettings>>({
  name,
  item,
  newItem,
  children,
}: {
  name: N;
  item: string;
  newItem: () => FieldArray<EditionSettings, N>;
  children: (index: number) => ReactNode;
}) {
  const { t } = useTranslation('edition');
  const { control } = useFormContext<EditionSettings>();
  return (
    <ListEditor
      control={control}
      name={name}
      testId={kebab(item)}
      title={(number) => t(`fields.${item}`, { number })}
      removeLabel={(number) => t(`actions.remove${capitalised(item)}`, { number })}
      addLabel={t(`actions.add${capitalised(item)}`)}
      newItem={newItem}
    >
      {children}
    </ListEditor>
  );
}
