import { useEffect, useRef, useState } from 'react';

/**
 * A step's call to the server (a lookup, the draft, the photo, the confirmation) as the step's own state, in place of
 * TanStack Query's `useMutation` (the public site has one data cache, issue #25): one call at a time (a double click
 * sends once, a ref, as the state's re-render may come after the second click), `pending` while it runs, its failure
 * kept until the next try. `reset()` (or leaving the step) makes a running call stale: its answer is dropped. The
 * call itself goes through `api.ts`, whose creating requests carry their idempotency key (shared/http).
 */
export function useSubmission<A extends unknown[], R>(call: (...args: A) => Promise<R>, onDone: (result: R, ...args: A) => void) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const sending = useRef(false);
  /** The running call's number: an answer to an older one is stale. */
  const current = useRef(0);
  useEffect(
    () => () => {
      current.current++;
    },
    [],
  );

  const run = async (...args: A) => {
    if (sending.current) return;
    sending.current = true;
    const mine = ++current.current;
    setPending(true);
    setFailure(null);
    try {
      const result = await call(...args);
      if (mine === current.current) onDone(result, ...args);
    } catch (error) {
      if (mine === current.current) setFailure(error);
    } finally {
      if (mine === current.current) {
        sending.current = false;
        setPending(false);
      }
    }
  };

  const reset = () => {
    current.current++;
    sending.current = false;
    setPending(false);
    setFailure(null);
  };

  return { pending, failure, run: (...args: A) => void run(...args), reset };
}
