import { alpha, type Theme } from '@mui/material/styles';

/**
 * The theme's values as the CSS custom properties of the static CSS (the shell, the home page and every public page
 * drawn with the plain kit, decision 0003): computed from the MUI theme (`theme.ts`, the one place they are written)
 * and put into index.html at build (`build/theme-variables.ts`), so no stylesheet keeps a copy of them.
 */
export function themeVariables(theme: Theme): Record<`--bjk-${string}`, string> {
  const { palette, typography, shadows, shape, zIndex } = theme;
  return {
    '--bjk-primary': palette.primary.main,
    '--bjk-primary-dark': palette.primary.dark,
    '--bjk-primary-contrast': palette.primary.contrastText,
    // MUI's outlined Button (its border, its hover) and Link (its underline) over the primary colour.
    '--bjk-primary-border': alpha(palette.primary.main, 0.5),
    '--bjk-primary-hover': alpha(palette.primary.main, palette.action.hoverOpacity),
    '--bjk-primary-underline': alpha(palette.primary.main, 0.4),
    '--bjk-text': palette.text.primary,
    '--bjk-text-secondary': palette.text.secondary,
    // MUI's contained Button color="success" (the enrolment wizard's "Confirm").
    '--bjk-success': palette.success.main,
    '--bjk-success-dark': palette.success.dark,
    '--bjk-success-contrast': palette.success.contrastText,
    '--bjk-info': palette.info.main,
    '--bjk-warning': palette.warning.main,
    '--bjk-divider': palette.divider,
    '--bjk-hover': palette.action.hover,
    '--bjk-selected': palette.action.selected,
    '--bjk-paper': palette.background.paper,
    '--bjk-background': palette.background.default,
    // MUI's AppBar color="default" (the back office)
    '--bjk-app-bar-default': palette.grey[100],
    '--bjk-font': String(typography.fontFamily),
    '--bjk-h1-size': String(typography.h1.fontSize),
    '--bjk-radius': `${Number(shape.borderRadius)}px`,
    '--bjk-shadow-2': shadows[2],
    '--bjk-shadow-4': shadows[4],
    // The app bar above the drawer, as the shell's MUI AppBar had it.
    '--bjk-z-app-bar': String(zIndex.drawer + 1),
  };
}

/** The variables as one `:root` rule. */
export function themeVariablesRule(theme: Theme): string {
  const lines = Object.entries(themeVariables(theme)).map(([name, value]) => `  ${name}: ${value};`);
  return `:root {\n${lines.join('\n')}\n}`;
}
