import TextField, { type TextFieldProps } from '@mui/material/TextField';

/**
 * An input inside a table's cell: small, underlined only, and named for screen readers by `label` (the column's
 * heading says what it is to the eye). `htmlInput` adds to the input's attributes (`min`, `data-testid` …).
 */
export function CellField({
  label,
  htmlInput,
  ...field
}: Omit<TextFieldProps, 'label' | 'size' | 'variant' | 'slotProps'> & { label: string; htmlInput?: Record<string, string | number> }) {
  return <TextField size="small" variant="standard" {...field} slotProps={{ htmlInput: { ...htmlInput, 'aria-label': label } }} />;
}
