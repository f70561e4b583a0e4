import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button, { type ButtonProps } from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useFieldArray, type Control, type FieldArray, type FieldArrayPath, type FieldValues } from 'react-hook-form';

/** One item of an edited list (a room type, a category, a round): its title and remove button, then its fields. */
export function ListItemCard({
  title,
  removeLabel,
  onRemove,
  testId,
  children,
}: {
  title: string;
  removeLabel: string;
  onRemove: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, bgcolor: 'background.default' }} data-testid={testId}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <IconButton onClick={onRemove} aria-label={removeLabel}>
            <DeleteIcon />
          </IconButton>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** The button under an edited list that adds an item to it. */
export function AddButton({ label, ...props }: { label: string } & Omit<ButtonProps, 'children' | 'startIcon'>) {
  return (
    <div>
      <Button startIcon={<AddIcon />} {...props}>
        {label}
      </Button>
    </div>
  );
}

/**
 * A list of the form (react-hook-form's field array `name`) edited in place: one card per item, titled and removed by
 * its number (from 1), its fields drawn by `children(index)`; under them the button that appends `newItem()`.
 */
export function ListEditor<T extends FieldValues, N extends FieldArrayPath<T>>({
  control,
  name,
  testId,
  title,
  removeLabel,
  addLabel,
  newItem,
  children,
}: {
  control: Control<T>;
  name: N;
  /** Each card's `data-testid`. */
  testId: string;
  title: (number: number) => string;
  removeLabel: (number: number) => string;
  addLabel: string;
  newItem: () => FieldArray<T, N>;
  children: (index: number) => ReactNode;
}) {
  const items = useFieldArray({ control, name });
  return (
    <Stack spacing={2}>
      {items.fields.map((item, index) => (
        <ListItemCard key={item.id} title={title(index + 1)} removeLabel={removeLabel(index + 1)} onRemove={() => items.remove(index)} testId={testId}>
          {children(index)}
        </ListItemCard>
      ))}
      <AddButton label={addLabel} onClick={() => items.append(newItem())} />
    </Stack>
  );
}
