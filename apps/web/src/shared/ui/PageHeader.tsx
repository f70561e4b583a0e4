import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A back-office page's title, with its actions (`children`) at the right, wrapping under it on a narrow screen. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Typography variant="h1" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
