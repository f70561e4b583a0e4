import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A back-office page's title, with its actions (`children`) at the right, wrapping under it on a narrow screen;
 * `gap` (theme spacing units) between them. `stacked`: the actions under a smaller title on a phone.
 */
export function PageHeader({ title, gap = 2, stacked = false, children }: { title: string; gap?: number; stacked?: boolean; children?: ReactNode }) {
  if (stacked)
    return (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {title}
        </Typography>
        {children}
      </Stack>
    );
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap }}>
      <Typography variant="h1" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
