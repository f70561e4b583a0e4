import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createRouter } from './router';
import { theme } from './theme';

const globalStyles = (
  <GlobalStyles
    styles={{
      '.skip-link': { position: 'absolute', left: -9999, top: 0, zIndex: 2000, padding: 8, background: '#fff' },
      '.skip-link:focus': { left: 8 },
    }}
  />
);

export function App() {
  // The specification: idempotent requests are not retried (the HTTP client owns the retry rule).
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 0, refetchOnWindowFocus: false } } }));
  const [router] = useState(createRouter);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {globalStyles}
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
