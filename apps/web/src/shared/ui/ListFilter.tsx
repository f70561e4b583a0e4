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

/** One filter of a filter bar (`ListFilters`): what `ListFilter` takes besides the list, the bar's defaults left out. */
export type FilterChoice<F extends string> = Omit<Props<F>, 'list' | 'all' | 'size' | 'allShown'> & { all?: string };

/** The select filters of a managers' list, one `ListFilter` each, with the bar's `all` text, size and `sx` unless a filter says otherwise. */
export function ListFilters<F extends string>({
  list,
  filters,
  ...common
}: Pick<Props<F>, 'list' | 'all' | 'size' | 'sx' | 'allShown'> & { filters: readonly FilterChoice<F>[] }) {
  return filters.map((filter) => (
    <ListFilter key={filter.name} list={list} {...common} {...filter} all={filter.all ?? common.all} sx={filter.sx ?? common.sx} />
  ));
}

/** A filter's choices: its values, each with its label. */
export function choices<V extends string>(values: readonly V[], label: (value: V) => string) {
  return values.map((value) => ({ value, label: label(value) }));
}

/** A yes/no filter's two choices; the address says `yes`/`no` unless the API names them otherwise (`1`/`0`). */
export function yesNo(yes: string, no: string, [yesValue, noValue]: readonly [string, string] = ['yes', 'no']) {
  return [
    { value: yesValue, label: yes },
    { value: noValue, label: no },
  ];
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
