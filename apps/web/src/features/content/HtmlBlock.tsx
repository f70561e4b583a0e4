import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import './content.css';

/** Site addresses open in the app; API addresses (files) and other sites are ordinary links. */
function isAppPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/api/');
}

/**
 * A page's or news entry's body as the server rendered it from Markdown (safe HTML: no raw HTML, no
 * unsafe links; see the content module's markdown-html.ts). Links inside the site navigate in the app. Styled by
 * static CSS (content.css): it is part of the home page, which loads no MUI.
 */
export function HtmlBlock({ html, lang }: { html: string; lang?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || !isAppPath(href) || anchor.target || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(href);
  };
  return <div className="bjk-html" lang={lang} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
