import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';
import './layouts/shell.css';

/**
 * The app: the shell and the home page are plain elements with static CSS (shared/ui/base.css, layouts/shell.css);
 * MUI's theme is provided around the lazy pages (`MuiProvider`), so a first visit to / downloads no MUI (decision 0003).
 */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
