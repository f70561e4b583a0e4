import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * One wizard step: its title, its content and its actions. The title takes the focus when the step appears, so a
 * screen reader announces the new step and no field of it starts focused (or in error) before the visitor acts.
 */
export function StepFrame({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography ref={heading} tabIndex={-1} variant="h2" sx={{ fontSize: { xs: '1.3rem', sm: '1.5rem' }, outline: 'none' }} data-testid="wizard-step-title">
          {title}
        </Typography>
        {children}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', pt: 1 }}>
          {actions}
        </Stack>
      </Stack>
    </Paper>
  );
}
