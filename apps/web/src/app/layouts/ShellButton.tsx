import ButtonBase, { type ButtonBaseProps } from '@mui/material/ButtonBase';
import type { ElementType } from 'react';

/**
 * The shell's buttons (app bar, error pages), built on ButtonBase: MUI's Button and IconButton carry a
 * loading spinner and variants the home page never uses (~5 kB gzip of its 150 kB budget).
 */
type Props<C extends ElementType> = ButtonBaseProps<C, { component?: C }> & { variant?: 'contained' | 'inherit' | 'icon' };

export function ShellButton<C extends ElementType = 'button'>({ variant = 'inherit', sx, ...props }: Props<C>) {
  return (
    <ButtonBase
      {...(props as ButtonBaseProps)}
      sx={[
        {
          gap: 1,
          borderRadius: variant === 'icon' ? '50%' : 1,
          px: variant === 'icon' ? 1 : 2,
          py: 1,
          minHeight: 40,
          minWidth: 40,
          fontSize: '0.9rem',
          fontWeight: 500,
          letterSpacing: '0.02em',
          textTransform: 'uppercase',
          color: 'inherit',
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 },
        },
        variant === 'contained' && {
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          boxShadow: 2,
          '&:hover': { bgcolor: 'primary.dark' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
