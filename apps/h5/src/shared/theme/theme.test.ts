import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, getAppearance, resolveTheme, setAppearance, startTheme } from './theme';

function mockSystem(dark: boolean) {
  const listeners: (() => void)[] = [];
  const query = {
    matches: dark,
    addEventListener: (_: string, fn: () => void) => listeners.push(fn),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return {
    change(next: boolean) {
      query.matches = next;
      listeners.forEach((fn) => fn());
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.theme;
});

describe('theme', () => {
  it('跟随系统 follows prefers-color-scheme, also when it changes', () => {
    const system = mockSystem(true);
    expect(getAppearance()).toBe('system');
    startTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
    system.change(false);
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('浅色 / 深色 override the system and survive a reload', () => {
    const system = mockSystem(true);
    setAppearance('light');
    expect(getAppearance()).toBe('light');
    expect(applyTheme()).toBe('light');
    system.change(true);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(resolveTheme('dark')).toBe('dark');
  });

  it('the browser bar follows the theme instead of a fixed brand colour', () => {
    mockSystem(false);
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = '#3ca7fa';
    document.head.append(meta);
    setAppearance('dark');
    expect(meta.content).toBe('#1e1e1e');
    setAppearance('light');
    expect(meta.content).toBe('#ffffff');
    meta.remove();
  });
});
