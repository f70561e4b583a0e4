import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router';

/** Site addresses open in the app; API addresses (files) and other sites are ordinary links. */
function isAppPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/api/');
}

const components: Components = {
  h1: ({ children }) => (
    <Typography variant="h2" component="h2" sx={{ fontSize: '1.6rem', mt: 3, mb: 1 }}>
      {children}
    </Typography>
  ),
  h2: ({ children }) => (
    <Typography variant="h2" sx={{ fontSize: '1.4rem', mt: 3, mb: 1 }}>
      {children}
    </Typography>
  ),
  h3: ({ children }) => (
    <Typography variant="h3" sx={{ fontSize: '1.2rem', mt: 2, mb: 1 }}>
      {children}
    </Typography>
  ),
  p: ({ children }) => (
    <Typography component="p" sx={{ my: 1.5 }}>
      {children}
    </Typography>
  ),
  a: ({ href = '', children }) =>
    isAppPath(href) ? (
      <Link component={RouterLink} to={href}>
        {children}
      </Link>
    ) : (
      <Link href={href} {...(/^https?:/.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </Link>
    ),
  img: ({ src, alt }) => (
    <Box
      component="img"
      src={typeof src === 'string' ? src : undefined}
      alt={alt ?? ''}
      loading="lazy"
      sx={{ maxWidth: '100%', height: 'auto', borderRadius: 1 }}
    />
  ),
  table: ({ children }) => (
    <Box sx={{ overflowX: 'auto' }}>
      <Box component="table" sx={{ borderCollapse: 'collapse', '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 } }}>
        {children}
      </Box>
    </Box>
  ),
};

/**
 * Markdown written by managers, rendered safely: react-markdown builds React elements from the syntax
 * tree and drops raw HTML (no rehype-raw), and its URL filter refuses `javascript:` and other unsafe links.
 */
export default function Markdown({ children }: { children: string }) {
  return (
    <Box sx={{ '& ul, & ol': { pl: 3 }, '& li': { my: 0.5 }, overflowWrap: 'anywhere' }}>
      <ReactMarkdown components={components} skipHtml>
        {children}
      </ReactMarkdown>
    </Box>
  );
}
