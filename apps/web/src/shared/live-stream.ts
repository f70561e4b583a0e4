/**
 * A live stream (server-sent events) that survives the server refusing it. The browser's EventSource retries by
 * itself after a dropped connection, but gives up for good on an answer that is no stream (the server's 503 when it
 * holds as many streams as it may, see the server's platform/event-streams.ts): the stream is then opened again after
 * a growing pause (30 s, 1 min, 2 min, then every 5 min), while the page reads its data every minute meanwhile.
 *
 * `status`: `live` while connected; `reconnecting` while the browser retries a dropped connection; `polling` after a
 * refusal, until the stream is back.
 */
export type LiveStreamStatus = 'connecting' | 'live' | 'reconnecting' | 'polling';

export type LiveStreamHandlers = {
  /** Each (re)connection: the server sends whatever a page needs from scratch after it. */
  onOpen?: () => void;
  /** Messages without an event name (`data: …`). */
  onMessage?: (data: string) => void;
  /** Named events (`event: games`). */
  events?: Record<string, (data: string) => void>;
  onStatus?: (status: LiveStreamStatus) => void;
};

/** The pauses before opening a refused stream again; the last repeats. */
export const LIVE_STREAM_BACKOFF_MS = [30_000, 60_000, 120_000, 300_000] as const;

/** Opens the stream; the returned function closes it (and any pending reopening). */
export function openLiveStream(url: string, handlers: LiveStreamHandlers, backoff: readonly number[] = LIVE_STREAM_BACKOFF_MS): () => void {
  if (typeof EventSource === 'undefined') {
    handlers.onStatus?.('polling');
    return () => undefined;
  }
  let source: EventSource | null = null;
  let reopen: ReturnType<typeof setTimeout> | null = null;
  let refusals = 0;
  let stopped = false;

  const connect = () => {
    reopen = null;
    const current = new EventSource(url);
    source = current;
    current.onopen = () => {
      refusals = 0;
      handlers.onStatus?.('live');
      handlers.onOpen?.();
    };
    current.onmessage = (event: MessageEvent<string>) => handlers.onMessage?.(event.data);
    for (const [name, listener] of Object.entries(handlers.events ?? {})) {
      current.addEventListener(name, (event) => listener((event as MessageEvent<string>).data));
    }
    current.onerror = () => {
      if (stopped) return;
      if (current.readyState !== EventSource.CLOSED) {
        handlers.onStatus?.('reconnecting');
        return;
      }
      // Given up by the browser (the server refused the stream): try again later, reading meanwhile.
      current.close();
      handlers.onStatus?.('polling');
      const pause = backoff[Math.min(refusals, backoff.length - 1)]!;
      refusals += 1;
      reopen = setTimeout(connect, pause);
    };
  };

  handlers.onStatus?.('connecting');
  connect();
  return () => {
    stopped = true;
    if (reopen) clearTimeout(reopen);
    source?.close();
  };
}
