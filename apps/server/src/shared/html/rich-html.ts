import { filterXSS } from 'xss';

/**
 * HTML typed by an administrator (course descriptions, announcements, the manual transfer
 * instructions) is shown as HTML: ordinary markup and links stay; scripts, event handlers,
 * `javascript:` addresses, styles and every unknown tag go (their text stays, except the body of
 * `<script>` and `<style>`).
 */
export const sanitizeRichHtml = (html: string) =>
  filterXSS(html, { stripIgnoreTag: true, stripIgnoreTagBody: ['script', 'style'] });
