import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** Site addresses open in the app; API addresses (files) and other sites are ordinary links. */
function isAppPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/api/');
}

/**
 * A page's or news entry's body as the server rendered it from Markdown (safe HTML: no raw HTML, no
 * unsafe links; see the content module's markdown-html.ts). Links inside the site navigate in the app.
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
  return (
    <Box
      lang={lang}
      onClick={onClick}
      sx={{
        overflowWrap: 'anywhere',
        lineHeight: 1.6,
        '& h1': { fontSize: '1.6rem', fontWeight: 600, mt: 3, mb: 1 },
        '& h2': { fontSize: '1.4rem', fontWeight: 600, mt: 3, mb: 1 },
        '& h3': { fontSize: '1.2rem', fontWeight: 600, mt: 2, mb: 1 },
        '& p': { my: 1.5 },
        '& ul, & ol': { pl: 3 },
        '& li': { my: 0.5 },
        '& a': { color: 'primary.main' },
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
        '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
