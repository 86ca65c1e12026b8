import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const NGINX_CONF = path.resolve(import.meta.dirname, '../../../deploy/nginx.conf');

/** The body of each `location … { … }` block (nested braces counted). */
function locationBlocks(text: string): { name: string; body: string }[] {
  const blocks: { name: string; body: string }[] = [];
  const opener = /location\s+([^{]+)\{/g;
  for (let match = opener.exec(text); match; match = opener.exec(text)) {
    let depth = 1;
    let end = opener.lastIndex;
    while (depth > 0 && end < text.length) {
      if (text[end] === '{') depth += 1;
      if (text[end] === '}') depth -= 1;
      end += 1;
    }
    blocks.push({ name: match[1].trim(), body: text.slice(opener.lastIndex, end - 1) });
  }
  return blocks;
}

describe('deploy/nginx.conf', () => {
  it('keeps HSTS on every location that adds headers of its own (nginx does not inherit them)', () => {
    const text = fs.readFileSync(NGINX_CONF, 'utf8').replace(/#.*$/gm, '');
    expect(text).toMatch(/add_header Strict-Transport-Security "max-age=31536000" always;/);
    const withHeaders = locationBlocks(text).filter((block) => /\badd_header\b/.test(block.body));
    expect(withHeaders.map((block) => block.name)).toContain('/assets/');
    for (const block of withHeaders) {
      expect(block.body, block.name).toMatch(
        /add_header Strict-Transport-Security "max-age=31536000" always;/,
      );
    }
  });
});
