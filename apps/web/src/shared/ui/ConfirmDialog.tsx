import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { ErrorAlert } from './ErrorAlert';

/**
 * The back office's "are you sure?" before removing something: a title, what will happen, cancel and the (red)
 * confirm button, disabled while `pending`; the removal's failure is shown in the dialog, which stays open.
 */
type ConfirmDialogProps = {
  /** The title's element id (the dialog is labelled by it). */
  id: string;
  title: string;
  text: string;
  cancelLabel: string;
  confirmLabel: string;
  confirmTestId?: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
};

export function ConfirmDialog({ id, title, text, cancelLabel, confirmLabel, confirmTestId, pending, error, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog open onClose={onClose} aria-labelledby={id}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        {error ? <ErrorAlert error={error} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancelLabel}</Button>
        <Button color="error" variant="contained" disabled={pending} onClick={onConfirm} data-testid={confirmTestId}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A ConfirmDialog whose confirmation runs `remove`; once it is done, `onRemoved` refreshes what showed it and the dialog closes. */
export function RemovalDialog({
  remove,
  onRemoved,
  onClose,
  ...texts
}: Omit<ConfirmDialogProps, 'pending' | 'error' | 'onConfirm'> & { remove: () => Promise<unknown>; onRemoved: () => void }) {
  const removal = useMutation({
    mutationFn: remove,
    onSuccess: () => {
      onRemoved();
      onClose();
    },
  });
  return <ConfirmDialog {...texts} pending={removal.isPending} error={removal.error} onConfirm={() => removal.mutate()} onClose={onClose} />;
}
