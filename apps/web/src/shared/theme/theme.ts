import { createTheme } from '@mui/material/styles';

/** The specification's breakpoints: 600, 960, 1280, 1920 and 2560 px. */
export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } },
  palette: {
    primary: { main: '#1b3a5c' },
    secondary: { main: '#b8860b' },
    background: { default: '#f6f7f9' },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    // Small enough on a phone for the longest words of the titles (nl "Jeugdschaakkampioenschap", de
    // "Jugendschachmeisterschaft", about 16 em wide in a wide sans-serif such as DejaVu) to fit a line whole from
    // a 320 px screen up: 5.6 vw is 18 px there, for 288 px of line; hyphenation where the browser has a dictionary.
    h1: { fontSize: 'clamp(1.1rem, 5.6vw, 2rem)', fontWeight: 600, overflowWrap: 'break-word', hyphens: 'auto' },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
});

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}
