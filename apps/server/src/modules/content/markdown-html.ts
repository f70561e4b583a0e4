import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown, { type Components } from 'react-markdown';

const external = (href: string) => /^https?:\/\//i.test(href);

const components: Components = {
  // The page's title is its one h1: a "#" heading of the body is a section, drawn as the editor's preview draws it.
  h1: ({ children }) => createElement('h2', null, children),
  a: ({ href = '', children }) => createElement('a', external(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href }, children),
  img: ({ src, alt }) => createElement('img', { src: typeof src === 'string' ? src : undefined, alt: alt ?? '', loading: 'lazy' }),
};

/**
 * Managers' Markdown as HTML for the public site, rendered here so visitors download no Markdown
 * library (the home page's JavaScript budget). Safe by construction: react-markdown builds elements
 * from the syntax tree, `skipHtml` drops raw HTML, its URL filter refuses `javascript:` and other
 * unsafe links, and React escapes every text.
 */
export function renderMarkdownHtml(markdown: string): string {
  return renderToStaticMarkup(createElement(ReactMarkdown, { components, skipHtml: true }, markdown));
}
