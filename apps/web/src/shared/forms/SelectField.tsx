import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';

/** One choice of a `SelectField`: the value it sets and what the menu shows for it. */
export type SelectOption = { value: string | number; label: ReactNode };

/** Each value shown as itself (codes, file names, room numbers). */
export const plainOptions = (values: readonly string[]): SelectOption[] => values.map((value) => ({ value, label: value }));

/**
 * The back office's drop-down: a select text field with one menu item per option, in their order. Every other
 * prop (label, value, onChange, size, helper text, test ids through `slotProps`) goes to the text field.
 */
export function SelectField({ options, ...props }: Omit<TextFieldProps, 'select' | 'children'> & { options: readonly SelectOption[] }) {
  return (
    <TextField select {...props}>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
