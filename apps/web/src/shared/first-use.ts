import { useEffect } from 'react';

const FIRST_USE_EVENTS = ['scroll', 'pointermove', 'pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Calls `onUse` once, when the visitor first uses the page (scrolls, points, touches, types): the moment to load what a
 * first view leaves out (the sponsors' strip). Never during the page's own load, so a
 * first visit downloads only what it draws (decision 0003), yet before the visitor asks for it. `onUse` must keep its
 * identity (a state setter, a lazy part's `preload`, or `useCallback`).
 */
export function useFirstUse(onUse: () => void): void {
  useEffect(() => {
    const remove = () => {
      for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, handle);
    };
    const handle = () => {
      remove();
      onUse();
    };
    for (const type of FIRST_USE_EVENTS) window.addEventListener(type, handle, { passive: true });
    return remove;
  }, [onUse]);
}
