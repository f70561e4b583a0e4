import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A back-office page's title, with its actions (`children`) at the right, wrapping under it on a narrow screen;
 * `gap` (theme spacing units) between them.
 */
export function PageHeader({ title, gap = 2, children }: { title: string; gap?: number; children?: ReactNode }) {
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap }}>
      <Typography variant="h1" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
