import Box, { type BoxProps } from '@mui/material/Box';
import type { ElementType } from 'react';

/**
 * The shell's buttons (app bar, error pages): a native button or link with MUI-like styles. MUI's
 * Button and ButtonBase bring ripples, transitions and a loading spinner the home page never uses
 * (~8 kB gzip of its 150 kB budget); pages behind lazy routes use MUI's Button as usual.
 */
type Props<C extends ElementType> = BoxProps<C, { component?: C }> & { variant?: 'contained' | 'inherit' | 'icon' };

export function ShellButton<C extends ElementType = 'button'>({ variant = 'inherit', sx, component, ...props }: Props<C>) {
  const isButton = !component || component === 'button';
  return (
    <Box
      component={component ?? 'button'}
      {...(isButton ? { type: 'button' } : {})}
      {...(props as BoxProps)}
      sx={[
        {
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          border: 0,
          cursor: 'pointer',
          font: 'inherit',
          textDecoration: 'none',
          bgcolor: 'transparent',
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
          '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
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
