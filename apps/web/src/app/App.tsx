import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
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

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {globalStyles}
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ThemeProvider>
  );
}
