import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';

/** A choice of a select: its value and what the menu shows. */
export type SelectOption = { value: string | number; label: ReactNode };

/** A select box (MUI's `TextField select`) with one menu item per option, in order; the other props go to the field. */
export function SelectField({ options, ...field }: Omit<TextFieldProps, 'select' | 'children'> & { options: readonly SelectOption[] }) {
  return (
    <TextField select {...field}>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
