/**
 * 外观: follow the system (`prefers-color-scheme`), or always light, or always dark. The choice is
 * kept in localStorage; the resolved theme is written on <html> as `data-theme` (our variables in
 * app/app.css) and `data-prefers-color-scheme` (antd-mobile's dark variables).
 */
export type Appearance = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const APPEARANCE_KEY = 'kezhan-appearance';
export const APPEARANCE_OPTIONS: { value: Appearance; label: string }[] = [
  { value: 'system', label: '跟随系统' },
  { value: 'light', label: '浅色' },
  { value: 'dark', label: '深色' },
];

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The browser's own bar (status bar, address bar) takes the colour of our header, `--kz-surface`. */
export const BROWSER_BAR_COLOUR: Record<Theme, string> = { light: '#ffffff', dark: '#1e1e1e' };

export function getAppearance(): Appearance {
  try {
    const value = localStorage.getItem(APPEARANCE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

export function resolveTheme(appearance: Appearance): Theme {
  return appearance === 'system' ? systemTheme() : appearance;
}

export function applyTheme(appearance: Appearance = getAppearance()): Theme {
  const theme = resolveTheme(appearance);
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.dataset.prefersColorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', BROWSER_BAR_COLOUR[theme]);
  return theme;
}

export function setAppearance(appearance: Appearance): void {
  try {
    if (appearance === 'system') localStorage.removeItem(APPEARANCE_KEY);
    else localStorage.setItem(APPEARANCE_KEY, appearance);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  applyTheme(appearance);
}

/** Applies the stored appearance now and follows system changes while it is 跟随系统. */
export function startTheme(): void {
  applyTheme();
  if (typeof window.matchMedia !== 'function') return;
  const query = window.matchMedia(DARK_QUERY);
  const onChange = () => {
    if (getAppearance() === 'system') applyTheme('system');
  };
  query.addEventListener?.('change', onChange);
}
