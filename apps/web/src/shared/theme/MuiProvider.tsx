import { THEME_ID } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import type { ComponentType } from 'react';
import { theme } from './theme';

/**
 * MUI's theme around every lazily loaded page and part (`lazyPage`, the phone drawer, the language menu, the sponsors):
 * MUI and emotion arrive with the first piece that uses them, never with the shell or the home page, which are plain
 * elements with static CSS (decision 0003). CssBaseline's rules are static too (shared/ui/base.css), so they apply
 * before MUI loads and nothing moves when it does.
 * The system's provider is what MUI's ThemeProvider does for a theme without CSS variables (MUI's own one also carries
 * the CSS-variables provider, which this theme never uses).
 */
export function withMui<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithMui(props: P) {
    return (
      <ThemeProvider theme={theme} themeId={THEME_ID}>
        <Component {...props} />
      </ThemeProvider>
    );
  }
  WithMui.displayName = `WithMui(${Component.displayName ?? Component.name})`;
  return WithMui;
}
