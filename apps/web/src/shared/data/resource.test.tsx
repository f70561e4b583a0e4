import { act, cleanup, render, screen, type RenderResult } from '@testing-library/react';
import { Component, Suspense, type ReactElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESOURCE_FRESH_MS, refreshResources, useResource } from './resource';

/** A page reading `key`; `<id>-loading` is its suspense fallback. */
function Reader({ id, resourceKey, load }: { id: string; resourceKey: string; load: () => Promise<string> }) {
  return <span data-testid={id}>{useResource(resourceKey, load)}</span>;
}
const page = (id: string, key: string, load: () => Promise<string>) => (
  <Suspense fallback={<span data-testid={`${id}-loading`} />}>
    <Reader id={id} resourceKey={key} load={load} />
  </Suspense>
);

/** The route's error page in short: what a failed read reaches. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <span data-testid="error-page" /> : this.props.children;
  }
}

// React retries a suspended render inside act() only: renders and waits go through it.
async function show(ui: ReactElement): Promise<RenderResult> {
  let result!: RenderResult;
  await act(async () => {
    result = render(ui);
  });
  return result;
}
/** Lets pending loads answer and React render what they brought. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const shown = (id: string) => screen.getByTestId(id).textContent;

// Time as the cache reads it: the real clock plus what a test moved it on by.
const realNow = performance.now.bind(performance);
let skipped = 0;
vi.spyOn(performance, 'now').mockImplementation(() => realNow() + skipped);
const later = (ms: number) => (skipped += ms);
afterEach(() => {
  cleanup();
  later(10 * RESOURCE_FRESH_MS); // every test's keys are its own; time only moves on
});

/** A loader answering the given values in turn (the server's data changing), counting its calls. */
function loader(...values: (string | Error)[]) {
  let calls = 0;
  return vi.fn(async () => {
    const value = values[Math.min(calls++, values.length - 1)]!;
    if (value instanceof Error) throw value;
    return value;
  });
}

describe('the public resource cache', () => {
  it('shows a failed read as an error once, without loading it again and again, and loads it again when the page is opened anew', async () => {
    const load = loader(new Error('500'), new Error('500'), 'page');
    const first = await show(<Boundary>{page('a', 'test:error', load)}</Boundary>);
    await settle();
    await settle();
    expect(screen.getByTestId('error-page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    first.unmount();
    later(RESOURCE_FRESH_MS);
    // Opened again (the visitor navigates back): loaded again, and shown when it answers.
    await show(<Boundary>{page('b', 'test:error', load)}</Boundary>);
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads once while the value is fresh', async () => {
    const load = loader('news 1', 'news 2');
    const first = await show(page('a', 'test:fresh', load));
    expect(shown('a')).toBe('news 1');
    first.unmount();
    later(RESOURCE_FRESH_MS - 1_000);
    await show(page('b', 'test:fresh', load));
    await settle();
    expect(shown('b')).toBe('news 1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads a stale value again when a page reading it opens, showing the old one until the new one is there', async () => {
    const load = loader('news 1', 'news 2');
    const first = await show(page('a', 'test:stale', load));
    first.unmount();
    later(RESOURCE_FRESH_MS);
    // The old value at once (no fallback): render without letting the new load answer.
    render(page('b', 'test:stale', load));
    expect(shown('b')).toBe('news 1');
    await settle();
    expect(shown('b')).toBe('news 2');
    expect(screen.queryByTestId('b-loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads stale values again when the visitor comes back to the tab', async () => {
    const load = loader('programme 1', 'programme 2');
    await show(page('a', 'test:visible', load));
    expect(shown('a')).toBe('programme 1');
    later(RESOURCE_FRESH_MS);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await settle();
    expect(shown('a')).toBe('programme 2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the old value when a refresh fails, and tries again at the next opening', async () => {
    const load = loader('files 1', new Error('offline'), 'files 2');
    const first = await show(page('a', 'test:failed', load));
    first.unmount();
    later(RESOURCE_FRESH_MS);
    const second = await show(page('b', 'test:failed', load));
    await settle();
    expect(shown('b')).toBe('files 1');
    expect(load).toHaveBeenCalledTimes(2);
    second.unmount();
    await show(page('c', 'test:failed', load));
    await settle();
    expect(shown('c')).toBe('files 2');
  });

  it('reads a fresh value again when told it changed, showing the old one until the new one is there, and reads once more for a change told meanwhile', async () => {
    let answer!: (value: string) => void;
    let calls = 0;
    const load = vi.fn(() => (++calls === 1 ? Promise.resolve('round 1') : new Promise<string>((resolve) => (answer = resolve))));
    await show(page('a', 'test:changed:standings', load));
    expect(shown('a')).toBe('round 1');
    let refreshed = false;
    await act(async () => {
      void refreshResources('test:changed:').then(() => (refreshed = true));
    });
    void refreshResources('test:changed:'); // a second change told while the first read is under way
    expect(load).toHaveBeenCalledTimes(2);
    const first = answer;
    await act(async () => first('round 2 (before the second change)'));
    expect(shown('a')).toBe('round 2 (before the second change)');
    expect(refreshed).toBe(true);
    expect(load).toHaveBeenCalledTimes(3);
    await act(async () => answer('round 2'));
    expect(shown('a')).toBe('round 2');
    expect(screen.queryByTestId('a-loading')).toBeNull();
    void refreshResources('test:other:');
    expect(load).toHaveBeenCalledTimes(3);
  });
});
