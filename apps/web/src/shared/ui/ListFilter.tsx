import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';

/** What a filter needs of the list's state: `useListParams({ filters: [...] })` gives it. */
type FilterState<F extends string> = { filters: Record<F, string>; setFilter: (name: F, value: string) => void };

type Props<F extends string> = {
  list: FilterState<F>;
  /** The filter's query parameter (in the address and the API call). */
  name: F;
  label: string;
  /** The first choice, which clears the filter ("all", "any"). */
  all: string;
  options: readonly { value: string; label: string }[];
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  /** The empty filter shows the "all" choice's text (its label above the box) rather than an empty box. */
  allShown?: boolean;
};

const allShownSlots = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

/** A select filter of a managers' list kept in the address (`useListParams`): choosing "all" removes it. */
export function ListFilter<F extends string>({ list, name, label, all, options, size, sx, allShown }: Props<F>) {
  return (
    <TextField
      size={size}
      select
      label={label}
      value={list.filters[name]}
      onChange={(e) => list.setFilter(name, e.target.value)}
      sx={sx}
      slotProps={allShown ? allShownSlots : undefined}
    >
      <MenuItem value="">{all}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The search box of a managers' list kept in the address (`useListParams`): a new search goes back to page 1. */
export function ListSearch({
  list,
  label,
  size,
  sx,
  testId,
}: {
  list: { search: string; setSearch: (value: string) => void };
  label: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  testId?: string;
}) {
  return (
    <TextField
      size={size}
      type="search"
      label={label}
      value={list.search}
      onChange={(e) => list.setSearch(e.target.value)}
      sx={sx}
      slotProps={testId ? { htmlInput: { 'data-testid': testId } } : undefined}
    />
  );
}
