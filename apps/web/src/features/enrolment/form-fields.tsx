import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { Controller, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFieldErrorText } from '../../shared/i18n/field-error';

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
