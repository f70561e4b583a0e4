import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { injectThemeVariables } from '../../../build/theme-variables';
import { theme } from './theme';
import { themeVariables } from './theme-variables';

const web = path.join(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(web, file), 'utf8');
const indexHtml = read('index.html');
const baseCss = read('src/shared/ui/base.css');
/** Every stylesheet of the web app, with its path. */
const stylesheets = (readdirSync(path.join(web, 'src'), { recursive: true }) as string[])
  .filter((file) => file.endsWith('.css'))
  .map((file) => ({ file, css: read(path.join('src', file)) }));

/** A CSS value as the formatter may write it or not: one quote style, no space around commas. */
const canonical = (value: string) => value.replace(/'/g, '"').replace(/\s*,\s*/g, ',');

/** The declarations of the first top-level rule for `selector` in `css`, values in canonical form. */
function declarations(css: string, selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const block = new RegExp(`(?:^|\\n)\\s*${escaped} \\{([^}]*)\\}`).exec(css)?.[1];
  if (block === undefined) throw new Error(`no rule for ${selector}`);
  return Object.fromEntries(
    block
      .split(/;\s*(?:\n|$)/)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(':')).trim(), canonical(line.slice(line.indexOf(':') + 1).trim())]),
  );
}

// The shell, the home page and the public pages are styled by static CSS (no MUI on the public site); the theme's
// values reach it as custom properties computed from theme.ts at build, written nowhere else.
describe('the static CSS takes the MUI theme’s values from the theme itself', () => {
  const built = injectThemeVariables(indexHtml);

  it('puts every theme value into the built index.html as a custom property, and the primary colour as the theme colour', () => {
    const { palette, typography, shape } = theme;
    const root = declarations(built, ':root');
    expect(root).toEqual(Object.fromEntries(Object.entries(themeVariables(theme)).map(([name, value]) => [name, canonical(value)])));
    expect(root).toMatchObject({
      '--bjk-primary': palette.primary.main,
      '--bjk-background': palette.background.default,
      '--bjk-text-secondary': canonical(palette.text.secondary),
      '--bjk-font': canonical(String(typography.fontFamily)),
      '--bjk-radius': `${Number(shape.borderRadius)}px`,
    });
    expect(built).toContain(`<meta name="theme-color" content="${palette.primary.main}" />`);
  });

  it('declares the theme variables in no stylesheet, and every variable a stylesheet reads is defined', () => {
    const names = Object.keys(themeVariables(theme));
    const own = new Set<string>();
    for (const { file, css } of stylesheets) {
      for (const [, name] of css.matchAll(/(--bjk-[a-z0-9-]+)\s*:/g)) {
        expect(names, `${file} declares ${name}, a theme value: write it in theme.ts`).not.toContain(name);
        own.add(name!);
      }
    }
    const read = [...stylesheets.map((s) => s.css), indexHtml].flatMap((css) => [...css.matchAll(/var\((--bjk-[a-z0-9-]+)/g)].map((m) => m[1]!));
    expect(read.filter((name) => !names.includes(name) && !own.has(name))).toEqual([]);
  });

  it('writes no theme colour as a literal in a stylesheet, index.html or the web manifest', () => {
    const { primary, secondary, background } = theme.palette;
    const colours = [primary.main, secondary.main, background.default].map((c) => c.toLowerCase());
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(',\\s*');
    for (const { file, css } of [...stylesheets, { file: 'index.html', css: indexHtml }]) {
      for (const colour of colours) {
        expect(css.toLowerCase(), `${file} writes ${colour}`).not.toContain(colour);
        expect(css, `${file} writes ${colour} as rgb`).not.toMatch(new RegExp(`rgba?\\(${rgb(colour)}\\b`));
      }
    }
    // The web manifest is a static file the browser reads alone: it keeps its copy, held to the theme here.
    const manifest = JSON.parse(read('public/manifest.webmanifest')) as { theme_color: string; background_color: string };
    expect(manifest).toMatchObject({ theme_color: primary.main, background_color: background.default });
  });

  it("has CssBaseline's body rule for the theme (body1 type, colours), which MUI pages no longer render", () => {
    const body1 = theme.typography.body1;
    expect(declarations(baseCss, 'body')).toEqual({
      margin: '0',
      color: 'var(--bjk-text)',
      'font-family': 'var(--bjk-font)',
      'font-weight': String(body1.fontWeight),
      'font-size': body1.fontSize,
      'line-height': String(body1.lineHeight),
      'background-color': 'var(--bjk-background)',
    });
    expect(body1.fontFamily).toBe(theme.typography.fontFamily);
    expect(declarations(baseCss, 'strong,\nb')).toEqual({ 'font-weight': String(theme.typography.fontWeightBold) });
  });
});
