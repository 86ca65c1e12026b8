import { createElement, Fragment, type ReactNode } from 'react';

const ALLOWED = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'span',
  'div',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'img',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'sub',
  'sup',
  'figure',
  'figcaption',
]);
/** Elements dropped with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'form',
  'svg',
  'math',
]);
const VOID = new Set(['br', 'img', 'hr']);

const safeUrl = (value: string | null): string | undefined => {
  const url = (value ?? '').trim();
  if (!url) return undefined;
  if (/^(https?:)?\/\//i.test(url) || url.startsWith('/') || !/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  return undefined;
};

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(el.childNodes, (child, i) => convert(child, i));
  if (!ALLOWED.has(tag)) return createElement(Fragment, { key }, ...children);

  const props: Record<string, unknown> = { key };
  if (tag === 'img') {
    const src = safeUrl(el.getAttribute('src'));
    if (!src) return null;
    props.src = src;
    props.alt = el.getAttribute('alt') ?? '';
    props.loading = 'lazy';
  }
  if (tag === 'a') {
    const href = safeUrl(el.getAttribute('href'));
    if (href) {
      props.href = href;
      props.target = '_blank';
      props.rel = 'noopener noreferrer';
    }
  }
  if ((tag === 'td' || tag === 'th') && el.getAttribute('colspan'))
    props.colSpan = Number(el.getAttribute('colspan')) || 1;
  return VOID.has(tag) ? createElement(tag, props) : createElement(tag, props, ...children);
}

/**
 * Server HTML (course descriptions) turned into React elements through an allow-list: no
 * scripts, no event handlers, no styles, no `javascript:` links — never injected as raw HTML.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const doc = new DOMParser().parseFromString(html || '', 'text/html');
  return <div className={className}>{Array.from(doc.body.childNodes, (n, i) => convert(n, i))}</div>;
}

/** `&lt;b&gt;` → `<b>` as text: comments arrive HTML-escaped and are shown as plain text. */
export function decodeEntities(text: string): string {
  if (!text || !text.includes('&')) return text || '';
  return new DOMParser().parseFromString(`<!doctype html><body>${text}`, 'text/html').body.textContent ?? '';
}
