import type { ReactNode } from 'react';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words of a query, longest first so a longer match wins over a word inside it. */
export function keywordTerms(keywords: string): string[] {
  const terms = keywords
    .split(/\s+/)
    .map((t) => t.trim())
    .filter(Boolean);
  return [...new Set(terms)].sort((a, b) => b.length - a.length);
}

/**
 * Wraps every case-insensitive occurrence of the keywords in `<mark>`. The text is split and
 * rendered as React text nodes, so markup inside results is shown as text, never parsed.
 */
export function Highlight({ text, keywords }: { text: string; keywords: string }): ReactNode {
  const terms = keywordTerms(keywords);
  if (!text || terms.length === 0) return text;
  const pattern = new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'gi');
  const lower = terms.map((t) => t.toLowerCase());
  return text
    .split(pattern)
    .map((part, i) => (part && lower.includes(part.toLowerCase()) ? <mark key={i}>{part}</mark> : part));
}
