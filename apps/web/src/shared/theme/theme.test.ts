import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const baseCss = readFileSync(path.join(import.meta.dirname, '../ui/base.css'), 'utf8');

/** A CSS value as the formatter may write it or not: one quote style, no space around commas. */
const canonical = (value: string) => value.replace(/'/g, '"').replace(/\s*,\s*/g, ',');

/** The declarations of the first top-level rule for `selector` in base.css, values in canonical form. */
function declarations(selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const block = new RegExp(`(?:^|\\n)${escaped} \\{([^}]*)\\}`).exec(baseCss)?.[1];
  if (block === undefined) throw new Error(`no rule for ${selector} in base.css`);
  return Object.fromEntries(
    block
      .split(';')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(':')).trim(), canonical(line.slice(line.indexOf(':') + 1).trim())]),
  );
}

// The shell and the home page are styled by static CSS (no MUI on a first visit); these are the theme's values there.
describe('the static CSS of the shell follows the MUI theme', () => {
  it('has every custom property equal to the theme value it stands for, and no other', () => {
    const { palette, typography, shadows, shape, zIndex } = theme;
    const expected: Record<string, unknown> = {
      '--bjk-primary': palette.primary.main,
      '--bjk-primary-dark': palette.primary.dark,
      '--bjk-primary-contrast': palette.primary.contrastText,
      '--bjk-text': palette.text.primary,
      '--bjk-text-secondary': palette.text.secondary,
      '--bjk-info': palette.info.main,
      '--bjk-warning': palette.warning.main,
      '--bjk-divider': palette.divider,
      '--bjk-hover': palette.action.hover,
      '--bjk-selected': palette.action.selected,
      '--bjk-paper': palette.background.paper,
      '--bjk-background': palette.background.default,
      // MUI's AppBar color="default" (the back office)
      '--bjk-app-bar-default': palette.grey[100],
      '--bjk-font': typography.fontFamily,
      '--bjk-h1-size': typography.h1.fontSize,
      '--bjk-radius': `${shape.borderRadius}px`,
      '--bjk-shadow-2': shadows[2],
      '--bjk-shadow-4': shadows[4],
      // The app bar above the drawer, as the shell's MUI AppBar had it.
      '--bjk-z-app-bar': String(zIndex.drawer + 1),
    };
    expect(declarations(':root')).toEqual(Object.fromEntries(Object.entries(expected).map(([name, value]) => [name, canonical(String(value))])));
  });

  it("has CssBaseline's body rule for the theme (body1 type, colours), which MUI pages no longer render", () => {
    const body1 = theme.typography.body1;
    expect(declarations('body')).toEqual({
      margin: '0',
      color: 'var(--bjk-text)',
      'font-family': 'var(--bjk-font)',
      'font-weight': String(body1.fontWeight),
      'font-size': body1.fontSize,
      'line-height': String(body1.lineHeight),
      'background-color': 'var(--bjk-background)',
    });
    expect(body1.fontFamily).toBe(theme.typography.fontFamily);
    expect(declarations('strong,\nb')).toEqual({ 'font-weight': String(theme.typography.fontWeightBold) });
  });
});
