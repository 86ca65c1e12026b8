import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export type Theme = 'light' | 'dark';

/** Opens pages in the given 外观 (stored before the app starts, as the setting page does). */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('kezhan-appearance', t), theme);
}

/** The axe rules whose outcome depends on colours: all a second theme can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core on the page as it is now (every rule, or only `rules`) and answers one line per
 * violation (`<label> <rule>: <target>…`), so a failing expectation shows what to fix.
 */
export async function axeViolations(page: Page, label: string, rules?: string[]): Promise<string[]> {
  await fadesOver(page);
  const builder = new AxeBuilder({ page });
  const result = await (rules ? builder.withRules(rules) : builder).analyze();
  return result.violations.map(
    (v) =>
      `${label} ${v.id} (${v.impact}): ${v.nodes
        .slice(0, 4)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

/**
 * Waits (up to 3 s) until no element is part-way through a fade. antd-mobile's dialogs fade in by
 * writing `opacity` into their style every frame; axe reads colours as they are, so text in a dialog
 * still fading in fails colour contrast against the page behind it.
 */
async function fadesOver(page: Page): Promise<void> {
  // Only antd-mobile's animated layers: the lesson's 跑马灯 keeps a partial opacity for good.
  const FADING = '[role="dialog"] [style*="opacity"], .adm-mask[style*="opacity"]';
  await page
    .waitForFunction(
      (fading) =>
        Array.from(document.querySelectorAll<HTMLElement>(fading)).every((el) => {
          const opacity = Number(el.style.opacity);
          return !(opacity > 0 && opacity < 1);
        }),
      FADING,
      { timeout: 3000 },
    )
    .catch(() => undefined);
}

/** Elements (tag.class) wider than the viewport or reaching past its right edge. */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`document scrollWidth ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Horizontally scrolling tracks (banners) may hold off-screen slides by design.
      if (el.closest('.kz-slider-track, .adm-tabs-header, .kz-study-tabs')) continue;
      if (box.width > width + 0.5 || box.right > width + 0.5 || box.left < -0.5) {
        found.push(
          `${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')} ${Math.round(box.left)}–${Math.round(box.right)}`,
        );
      }
    }
    return found.slice(0, 10);
  });
}
