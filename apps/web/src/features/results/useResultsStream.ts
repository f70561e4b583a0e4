import { useEffect, useRef, useState } from 'react';
import { refreshResources } from '../../shared/data/resource';
import { openLiveStream, type LiveStreamStatus } from '../../shared/live-stream';
import { RESULTS_REFRESH_MS } from './api';
import { resultsPrefix } from './resources';

/**
 * Live results: the server pushes a short message (server-sent events) whenever a category's results change, on
 * whichever instance the change was made; `onChange` then reads them again (ETag: cheap when nothing changed). A
 * stream the server refused (too many open) is tried again later (`openLiveStream`). The status tells the page.
 */
export function useResultsStream(category: string | null, onChange: (category: string) => void): LiveStreamStatus {
  const [status, setStatus] = useState<LiveStreamStatus>('connecting');
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  useEffect(() => {
    if (!category) return;
    return openLiveStream(`/api/v1/results/anon/${encodeURIComponent(category)}/events`, {
      onMessage: () => changed.current(category),
      onStatus: setStatus,
    });
  }, [category]);
  return status;
}

const refreshCategory = (category: string) => void refreshResources(resultsPrefix(category));

/**
 * The public pages' live results: the category's reads in the resource cache are loaded again in the background
 * when the stream says they changed (the page keeps showing the old ones meanwhile), and once a minute while the
 * stream is not live (`RESULTS_REFRESH_MS`, the specification's fallback).
 */
export function useLiveResults(category: string): LiveStreamStatus {
  const status = useResultsStream(category, refreshCategory);
  useEffect(() => {
    if (status === 'live') return;
    const timer = setInterval(() => refreshCategory(category), RESULTS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [category, status]);
  return status;
}
