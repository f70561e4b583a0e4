import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLiveStream, type LiveStreamStatus } from './live-stream';

/** The browser's EventSource as far as the stream uses it: the test plays the server's side. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  listeners = new Map<string, (event: { data: string }) => void>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: { data: string }) => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server accepts the stream. */
  accept() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  /** A dropped connection the browser retries by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  /** An answer that is no stream (503): the browser gives up for good. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a live stream', () => {
  it('passes messages and named events on, and tells a dropped connection from a refusal', () => {
    const statuses: LiveStreamStatus[] = [];
    const messages: string[] = [];
    const close = openLiveStream('/events', {
      onStatus: (s) => statuses.push(s),
      onMessage: (data) => messages.push(`message ${data}`),
      events: { games: (data) => messages.push(`games ${data}`) },
    });
    const source = FakeEventSource.opened[0]!;
    source.accept();
    source.onmessage?.({ data: 'version:2' });
    source.listeners.get('games')?.({ data: '{}' });
    source.drop();
    source.accept();
    expect(statuses).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    expect(messages).toEqual(['message version:2', 'games {}']);
    close();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('is opened again after a refusal, after pauses that grow and start over once it is back', () => {
    const statuses: LiveStreamStatus[] = [];
    const close = openLiveStream('/events', { onStatus: (s) => statuses.push(s) }, [1000, 5000]);
    FakeEventSource.opened[0]!.refuse();
    expect(statuses.at(-1)).toBe('polling');
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.opened[1]!.refuse();
    vi.advanceTimersByTime(4999);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(3);
    FakeEventSource.opened[2]!.accept();
    expect(statuses.at(-1)).toBe('live');
    // Back to the first pause after a success.
    FakeEventSource.opened[2]!.refuse();
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.opened).toHaveLength(4);
    close();
  });

  it('is not opened again once the page closed it', () => {
    const close = openLiveStream('/events', {}, [1000]);
    FakeEventSource.opened[0]!.refuse();
    close();
    vi.advanceTimersByTime(10_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
