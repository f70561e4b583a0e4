import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedGame } from '@bjk/domain/games';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { SelectField } from '../../../shared/forms/SelectField';
import { deleteGame, moveGame } from './api';

/** A received game's move (another category, round or board) and deletion, each asked in a dialog first. */
export function GameActions({ game, categories }: { game: ManagedGame; categories: string[] }) {
  const { t } = useTranslation('results');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<'move' | 'delete' | null>(null);
  const done = () => {
    setOpen(null);
    // Both categories' tables, counts and rounds follow.
    void queryClient.invalidateQueries({ queryKey: ['games'] });
  };
  const move = useMutation({
    mutationFn: (form: FormData) =>
      moveGame(game.id, {
        category: String(form.get('category')),
        round: Number(form.get('round')),
        board: form.get('board') ? Number(form.get('board')) : null,
      }),
    onSuccess: done,
  });
  const remove = useMutation({ mutationFn: () => deleteGame(game.id), onSuccess: done });
  const title = t('games.gameTitle', { white: game.white.name, black: game.black.name });
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" onClick={() => setOpen('move')} data-testid="game-move">
        {t('games.manage.move')}
      </Button>
      <Button size="small" color="error" onClick={() => setOpen('delete')} data-testid="game-delete">
        {t('games.manage.delete')}
      </Button>
      {open === 'move' && (
        <Dialog open onClose={() => setOpen(null)} fullWidth maxWidth="xs" aria-labelledby={`game-move-${game.id}`} data-testid="game-move-dialog">
          <form
            onSubmit={(event: FormEvent<HTMLFormElement>) => {
              event.preventDefault();
              move.mutate(new FormData(event.currentTarget));
            }}
          >
            <DialogTitle id={`game-move-${game.id}`}>{t('games.manage.moveTitle', { game: title })}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                <SelectField
                  name="category"
                  label={t('games.manage.category')}
                  defaultValue={game.category}
                  options={categories.map((c) => ({ value: c, label: c }))}
                />
                <TextField
                  name="round"
                  type="number"
                  label={t('games.manage.round')}
                  defaultValue={game.round}
                  required
                  slotProps={{ htmlInput: { min: 1, max: 30 } }}
                />
                <TextField
                  name="board"
                  type="number"
                  label={t('games.manage.board')}
                  defaultValue={game.board ?? ''}
                  helperText={t('games.manage.moveBoardHint')}
                  slotProps={{ htmlInput: { min: 1, max: 1000 } }}
                />
                {move.isError && <ErrorAlert error={move.error} />}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(null)}>{t('confirm.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={move.isPending} data-testid="game-move-confirm">
                {t('games.manage.moveButton')}
              </Button>
            </DialogActions>
          </form>
        </Dialog>
      )}
      {open === 'delete' && (
        <Dialog open onClose={() => setOpen(null)} fullWidth maxWidth="xs" aria-labelledby={`game-delete-${game.id}`} data-testid="game-delete-dialog">
          <DialogTitle id={`game-delete-${game.id}`}>{t('games.manage.deleteTitle', { game: title })}</DialogTitle>
          <DialogContent>
            <Typography>{t('games.manage.deleteText')}</Typography>
            {remove.isError && <ErrorAlert error={remove.error} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(null)}>{t('confirm.cancel')}</Button>
            <Button variant="contained" color="error" onClick={() => remove.mutate()} disabled={remove.isPending} data-testid="game-delete-confirm">
              {t('games.manage.deleteButton')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}
