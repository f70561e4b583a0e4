import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openLiveStream, type LiveStreamStatus } from '../../shared/live-stream';

/**
 * Live results: the server pushes a short message (server-sent events) whenever a category's results change, on
 * whichever instance the change was made; the page then refetches (ETag: cheap when nothing changed). When the
 * stream is down the queries still refetch every minute (`RESULTS_REFRESH_MS`), the specification's fallback; a
 * stream the server refused (too many open) is tried again later (`openLiveStream`). The status tells the page.
 */
export function useResultsStream(category: string | null): LiveStreamStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStreamStatus>('connecting');
  useEffect(() => {
    if (!category) return;
    return openLiveStream(`/api/v1/results/anon/${encodeURIComponent(category)}/events`, {
      onMessage: () => void queryClient.invalidateQueries({ queryKey: ['results', category] }),
      onStatus: setStatus,
    });
  }, [category, queryClient]);
  return status;
}
