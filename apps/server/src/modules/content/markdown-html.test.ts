import { describe, expect, it } from 'vitest';
import { renderMarkdownHtml } from './markdown-html.js';

describe('Markdown for the public site', () => {
  it('renders headings, lists, links and images', () => {
    const html = renderMarkdownHtml(
      '# Stay\n\n- one\n- two\n\n[rules](/rules) [site](https://example.org) ![map](/api/v1/filestore/anon/file?group=docs&name=map.png)',
    );
    // The page's title is its h1: a "#" of the body is a section heading, as the editor's preview shows it.
    expect(html).toContain('<h2>Stay</h2>');
    expect(html).not.toContain('<h1');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="/rules">rules</a>');
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">site</a>');
    expect(html).toContain('<img src="/api/v1/filestore/anon/file?group=docs&amp;name=map.png" alt="map" loading="lazy"/>');
  });

  it('drops raw HTML and unsafe links', () => {
    const html = renderMarkdownHtml('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) <b>bold</b>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<b>');
  });
});
