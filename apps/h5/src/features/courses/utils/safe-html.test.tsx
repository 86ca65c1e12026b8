import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { decodeEntities, SafeHtml } from './safe-html';

describe('SafeHtml', () => {
  it('keeps formatting and drops scripts, handlers, styles and javascript: links', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<p style="color:red" onclick="x()">好<strong>课</strong></p><script>alert(1)</script><img src="/a.png" onerror="x()"><a href="javascript:alert(1)">坏链接</a><a href="https://a.com">好链接</a><iframe src="https://evil"></iframe>'
        }
      />,
    );
    expect(container.innerHTML).toBe(
      '<div><p>好<strong>课</strong></p><img src="/a.png" alt="" loading="lazy"><a>坏链接</a><a href="https://a.com" target="_blank" rel="noopener noreferrer">好链接</a></div>',
    );
  });

  it('decodes escaped comment text without parsing it as markup', () => {
    expect(decodeEntities('&lt;img src=x onerror=alert(1)&gt; &amp; 好')).toBe(
      '<img src=x onerror=alert(1)> & 好',
    );
    expect(decodeEntities('普通文字')).toBe('普通文字');
  });
});
