import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPEARANCE_KEY, BROWSER_BAR_COLOUR } from './theme';
import { applyThemeBeforePaint } from './theme-before-paint';

function systemIsDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: dark && query === '(prefers-color-scheme: dark)' })),
  );
}

/** Runs the function the way index.html does: its source text alone, in the page's global scope. */
function runAsInlineScript() {
  const call = `(${applyThemeBeforePaint.toString()})(${JSON.stringify(APPEARANCE_KEY)}, ${JSON.stringify(BROWSER_BAR_COLOUR)});`;
  new Function(call)();
}

describe('the theme before the first paint', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="theme-color" content="#ffffff">';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    delete document.documentElement.dataset.theme;
    delete document.documentElement.dataset.prefersColorScheme;
  });

  it('follows a dark system when no 外观 is stored, and colours the browser bar', () => {
    systemIsDark(true);
    runAsInlineScript();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.dataset.prefersColorScheme).toBe('dark');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#1e1e1e');
  });

  it('keeps a stored 浅色 on a dark system and a stored 深色 on a light one', () => {
    systemIsDark(true);
    localStorage.setItem(APPEARANCE_KEY, 'light');
    runAsInlineScript();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#ffffff');

    systemIsDark(false);
    localStorage.setItem(APPEARANCE_KEY, 'dark');
    runAsInlineScript();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('leaves the page alone when the browser has no matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(runAsInlineScript).not.toThrow();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });
});
