import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, type ReactNode } from 'react';
import { Controller, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { useFieldErrorText } from '../../shared/i18n/field-error';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';

/** How a text field's input becomes the value: as typed, a number (empty: null), or text whose empty is null. */
export type FieldValueKind = 'text' | 'number' | 'nullable';

function parsed(raw: string, kind: FieldValueKind) {
  if (kind === 'text') return raw;
  if (raw === '') return null;
  return kind === 'number' ? Number(raw) : raw;
}

/**
 * `field(path, label, props?, valueKind?)`: a small text field bound to the form's `path` (a number field for
 * `'number'`), its failure in the visitor's language, `data-testid` `${testIdPrefix}${path}` on the input. The pages of the back office's player
 * records (registration, participant, attendee) lay their fields out with it.
 */
export function useTextFields<T extends FieldValues>(form: UseFormReturn<T>, testIdPrefix: string) {
  const fieldError = useFieldErrorText();
  const errorOf = (path: FieldPath<T>) => fieldError(form.getFieldState(path, form.formState).error);
  return (path: FieldPath<T>, label: string, props: Record<string, unknown> = {}, valueKind: FieldValueKind = 'text') => (
    <Controller
      name={path}
      control={form.control}
      render={({ field: f }) => (
        <TextField
          {...(valueKind === 'number' && { type: 'number' })}
          {...props}
          label={label}
          size="small"
          value={f.value ?? ''}
          onChange={(e) => f.onChange(parsed(e.target.value, valueKind))}
          onBlur={f.onBlur}
          error={!!errorOf(path)}
          helperText={errorOf(path)}
          slotProps={{ htmlInput: { 'data-testid': `${testIdPrefix}${path}` } }}
        />
      )}
    />
  );
}

/** The record's `enabled` switch. */
export function EnabledSwitch<T extends FieldValues & { enabled: boolean }>({ form }: { form: UseFormReturn<T> }) {
  const { t } = useTranslation('enrolment');
  return (
    <Controller
      name={'enabled' as FieldPath<T>}
      control={form.control}
      render={({ field: f }) => (
        <FormControlLabel control={<Switch checked={!!f.value} onChange={(e) => f.onChange(e.target.checked)} />} label={t('mgmt.enabled')} />
      )}
    />
  );
}

/** The choices of a select field whose values are shown as they are (category codes, language codes). */
export function plainOptions(values: readonly string[]) {
  return values.map((value) => (
    <MenuItem key={value} value={value}>
      {value}
    </MenuItem>
  ));
}

/** The choices of a meals code field: none (null), or one of the codes (`HB`, `BO`). */
export function mealsCodeOptions(t: TFunction<'enrolment'>) {
  return [
    <MenuItem key="none" value="">
      —
    </MenuItem>,
    ...(['HB', 'BO'] as const).map((code) => (
      <MenuItem key={code} value={code}>
        {t(`mgmt.mealsCodes.${code}`)}
      </MenuItem>
    )),
  ];
}

/**
 * A player record's edit page: the record read (while `enabled`), the form filled from it (`editable`) each time it
 * arrives, and `save`, whose answer becomes the record read and makes the list (`listKey`) load again.
 */
export function useRecordEditing<R, U extends FieldValues>(options: {
  record: { queryKey: readonly unknown[]; queryFn: () => Promise<R> };
  enabled: boolean;
  form: UseFormReturn<U>;
  editable: (record: R) => U;
  update: (values: U) => Promise<R>;
  listKey: readonly unknown[];
}) {
  const { record, enabled, form, editable, update, listKey } = options;
  const client = useQueryClient();
  const query = useQuery({ ...record, enabled });
  useEffect(() => {
    if (query.data) form.reset(editable(query.data));
  }, [query.data, form, editable]);
  const save = useMutation({
    mutationFn: update,
    onSuccess: (saved) => {
      client.setQueryData(record.queryKey, saved);
      void client.invalidateQueries({ queryKey: listKey });
    },
  });
  return { query, save };
}

/**
 * What an edit form starts from: the fields of `record` that the update's `schema` takes (its keys, so a field the
 * schema gains is loaded too). The record's type must hold every one of them.
 */
export function editableFields<S extends z.ZodObject, R extends z.output<S>>(schema: S, record: R): z.output<S> {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, record[key as keyof R]])) as z.output<S>;
}

/** The top of a player record's edit page: the way back to its list, and the player's name. */
export function RecordHeading({ backTo, record }: { backTo: string; record: { lastName: string; firstName: string } }) {
  const { t } = useTranslation('enrolment');
  return (
    <>
      <Typography variant="body2">
        <RouterLink to={backTo}>{t('mgmt.backToList')}</RouterLink>
      </Typography>
      <Typography variant="h1">
        {record.lastName} {record.firstName}
      </Typography>
    </>
  );
}

/** The foot of a player record's edit form: the save's failure or success, the save button and the page's others. */
export function SaveBar({ save, dirty, children }: { save: { isPending: boolean; isSuccess: boolean; error: unknown }; dirty: boolean; children?: ReactNode }) {
  const { t } = useTranslation('enrolment');
  return (
    <>
      {save.error ? <ErrorAlert error={save.error} submit /> : null}
      {save.isSuccess && !dirty && <Alert severity="success">{t('mgmt.saved')}</Alert>}
      <Box>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="edit-save">
            {t('mgmt.save')}
          </Button>
          {children}
        </Stack>
      </Box>
    </>
  );
}
