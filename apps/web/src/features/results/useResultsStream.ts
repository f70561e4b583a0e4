import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Live results: the server pushes a short message (server-sent events) whenever a category's results change, on
 * whichever instance the change was made; the page then refetches (ETag: cheap when nothing changed). When the
 * stream is down the queries still refetch every minute (`RESULTS_REFRESH_MS`), the specification's fallback;
 * EventSource reconnects by itself.
 */
export function useResultsStream(category: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!category || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/v1/results/anon/${encodeURIComponent(category)}/events`);
    source.onmessage = () => {
      void queryClient.invalidateQueries({ queryKey: ['results', category] });
    };
    return () => source.close();
  }, [category, queryClient]);
}
