import { useCallback, useEffect, useRef, useState } from 'react';

export type Action<A extends unknown[]> = {
  /** Starts the action; ignored while one is under way (a double click sends once). */
  run: (...args: A) => void;
  isPending: boolean;
  /** The last run's failure (shown in words by the form), cleared by the next run. */
  isError: boolean;
  error: unknown;
  /** The last run succeeded (a "saved" notice). */
  isSuccess: boolean;
};

/**
 * A public page's change sent to the server (a family's photo, consents, a request), as the form's own state: pending,
 * the failure, success, and a ref against a double click. No TanStack Query on public pages (decision 0019): what the
 * page reads again afterwards is the resource cache's (`refreshResources`, `invalidateResources`), in `onSuccess`.
 */
export function useAction<A extends unknown[], R>({ send, onSuccess }: { send: (...args: A) => Promise<R>; onSuccess?: (result: R) => unknown }): Action<A> {
  const [state, setState] = useState<{ isPending: boolean; error: unknown; isSuccess: boolean }>({ isPending: false, error: null, isSuccess: false });
  const busy = useRef(false);
  const latest = useRef({ send, onSuccess });
  useEffect(() => {
    latest.current = { send, onSuccess };
  });
  const run = useCallback((...args: A) => {
    if (busy.current) return;
    busy.current = true;
    setState({ isPending: true, error: null, isSuccess: false });
    void (async () => {
      try {
        const result = await latest.current.send(...args);
        await latest.current.onSuccess?.(result);
        setState({ isPending: false, error: null, isSuccess: true });
      } catch (error) {
        setState({ isPending: false, error, isSuccess: false });
      } finally {
        busy.current = false;
      }
    })();
  }, []);
  return { run, ...state, isError: state.error !== null };
}
