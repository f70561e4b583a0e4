import { useEffect } from 'react';

/**
 * Calls `preload` once this component is drawn and the browser is idle (at the latest after a second): a first view
 * (a wizard's intro) paints before the next part's code (its form, with its schemas) downloads, and that code is there
 * before the visitor's "Start" asks for it. Runs again when `key` changes (the wizard's next step).
 */
export function usePreloadWhenIdle(preload: () => void, key?: unknown): void {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(preload, 100);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(preload, { timeout: 1000 });
    return () => cancelIdleCallback(idle);
  }, [preload, key]);
}
