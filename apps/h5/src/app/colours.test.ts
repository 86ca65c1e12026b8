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

  it("the browser's bar takes the header's colour in both themes", () => {
    const css = readFileSync(THEME_FILE, 'utf8');
    const surface = (block: string) =>
      new RegExp(`${block}\\s*\\{[^}]*--kz-surface:\\s*(#[0-9a-f]+)`, 'i').exec(css)?.[1];
    const long = (hex = '') => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex);
    expect(long(surface(':root'))).toBe(BROWSER_BAR_COLOUR.light);
    expect(long(surface("html\\[data-theme='dark'\\]"))).toBe(BROWSER_BAR_COLOUR.dark);
  });
});
