import DOMPurify from 'dompurify';

/**
 * The payee instructions are HTML typed by an administrator: keep text formatting and links,
 * drop scripts, event handlers, `javascript:` URLs, forms, frames and styles.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
