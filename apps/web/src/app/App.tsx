import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { THEME_ID } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';
import { theme } from './theme';

const globalStyles = (
  <GlobalStyles
    styles={{
      '.skip-link': { position: 'absolute', left: -9999, top: 0, zIndex: 2000, padding: 8, background: '#fff' },
      '.skip-link:focus': { left: 8 },
    }}
  />
);

/**
 * The theme is provided with the system's provider (what MUI's ThemeProvider does for a theme without CSS variables):
 * MUI's own provider also carries the CSS-variables provider, which this theme never uses (home page budget).
 */
export function App() {
  return (
    <ThemeProvider theme={theme} themeId={THEME_ID}>
      <CssBaseline />
      {globalStyles}
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ThemeProvider>
  );
}
