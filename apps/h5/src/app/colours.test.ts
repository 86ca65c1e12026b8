import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_BAR_COLOUR } from '@/shared/theme/theme';

const SRC = join(__dirname, '..');
const THEME_FILE = join(SRC, 'app', 'app.css');
const COLOUR_LITERAL = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(/i;

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Declarations of the theme file outside its two variable blocks (`:root`, dark). */
function outsideThemeBlocks(css: string): string {
  return css.replace(/(?::root|html\[data-theme='dark'\])\s*\{[^}]*\}/g, '');
}

describe('colours come from the theme', () => {
  it('no stylesheet but the theme writes a colour: dark mode cannot miss one', () => {
    const found = cssFiles(SRC)
      .map((file) => {
        const css =
          file === THEME_FILE ? outsideThemeBlocks(readFileSync(file, 'utf8')) : readFileSync(file, 'utf8');
        const lines = css.split('\n').filter((line) => COLOUR_LITERAL.test(line) && !line.includes('var(--'));
        return lines.map((line) => `${relative(SRC, file)}: ${line.trim()}`);
      })
      .flat();
    expect(found).toEqual([]);
  });

  it('in the dark theme the home header and the buy button are quiet fills with readable text', () => {
    const css = readFileSync(THEME_FILE, 'utf8');
    const dark = /html\[data-theme='dark'\]\s*\{([^}]*)\}/.exec(css)![1];
    const value = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(dark)?.[1];
    const luminance = (hex = '#000000') => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    for (const [fill, text] of [
      ['kz-header-from', 'kz-on-header'],
      ['kz-header-to', 'kz-on-header'],
      ['kz-buy-button', 'kz-on-buy'],
    ]) {
      // A fill as bright as the light theme's (the sky blue, the salmon red) glares on a dark page.
      expect(luminance(value(fill)), fill).toBeLessThan(0.15);
      expect(contrast(value(fill)!, value(text)!), `${text} on ${fill}`).toBeGreaterThanOrEqual(4.5);
    }
    const home = readFileSync(join(SRC, 'features/home/pages/home.css'), 'utf8');
    expect(home).toMatch(/\.kz-home-top \{[^}]*var\(--kz-header-from\)/);
    const detail = readFileSync(join(SRC, 'features/courses/pages/course-detail.css'), 'utf8');
    expect(detail).toMatch(/\.kz-btn--buy \{[^}]*var\(--kz-buy-button\)/);
  });

  it("the browser's bar takes the header's colour in both themes", () => {
    const css = readFileSync(THEME_FILE, 'utf8');
    const surface = (block: string) =>
      new RegExp(`${block}\\s*\\{[^}]*--kz-surface:\\s*(#[0-9a-f]+)`, 'i').exec(css)?.[1];
    const long = (hex = '') => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex);
    expect(long(surface(':root'))).toBe(BROWSER_BAR_COLOUR.light);
    expect(long(surface("html\\[data-theme='dark'\\]"))).toBe(BROWSER_BAR_COLOUR.dark);
  });
});
