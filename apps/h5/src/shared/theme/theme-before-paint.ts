/**
 * Applies the stored 外观 before the page's first paint, so a dark page is never first painted
 * light: the entry script, which applies and follows the theme (`startTheme`), runs only after the
 * server's drawing may already be on screen. The build copies this function's source into an
 * inline script at the top of index.html (vite.config.ts) and the server allows that script by its
 * hash, so it must not use anything from outside its own body.
 */
export function applyThemeBeforePaint(
  appearanceKey: string,
  barColours: Record<'light' | 'dark', string>,
): void {
  try {
    const stored = localStorage.getItem(appearanceKey);
    const dark =
      stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    const theme = dark ? 'dark' : 'light';
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.dataset.prefersColorScheme = theme;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', barColours[theme]);
  } catch {
    // No storage or no matchMedia: the entry applies the theme a moment later.
  }
}
