import Skeleton from '@mui/material/Skeleton';
import { Suspense, lazy } from 'react';

const Markdown = lazy(() => import('./Markdown'));

/** The Markdown renderer in its own chunk: pages without Markdown never download it. */
export function MarkdownBlock({ children }: { children: string }) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
      <Markdown>{children}</Markdown>
    </Suspense>
  );
}
