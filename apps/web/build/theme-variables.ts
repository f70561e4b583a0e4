import type { Plugin } from 'vite';
import { theme } from '../src/shared/theme/theme';
import { themeVariablesRule } from '../src/shared/theme/theme-variables';

/** Where index.html's inline style takes the theme's variables. */
export const THEME_VARIABLES_MARKER = '/* the theme variables (build/theme-variables.ts) */';

/**
 * index.html with the MUI theme's values (`theme.ts`, the one source): its inline style gets the `:root` custom
 * properties every static stylesheet reads (painted with the HTML, before any CSS file or script), and the browser
 * bar's `theme-color` the primary colour.
 */
export function injectThemeVariables(html: string): string {
  if (!html.includes(THEME_VARIABLES_MARKER)) throw new Error(`index.html has no ${THEME_VARIABLES_MARKER}`);
  return html
    .replace(THEME_VARIABLES_MARKER, themeVariablesRule(theme).replace(/\n/g, '\n      '))
    .replace('<meta name="theme-color" />', `<meta name="theme-color" content="${theme.palette.primary.main}" />`);
}

/** The Vite plugin: index.html in development and in the build. */
export function themeVariables(): Plugin {
  return { name: 'bjk-theme-variables', transformIndexHtml: { order: 'pre', handler: injectThemeVariables } };
}
