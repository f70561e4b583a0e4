import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFirstUse } from './first-use';

describe('useFirstUse', () => {
  it('calls back once, on the first scroll, pointer, touch or key event, and never after unmounting', () => {
    const onUse = vi.fn();
    const { unmount } = renderHook(() => useFirstUse(onUse));
    expect(onUse).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointermove'));
    window.dispatchEvent(new Event('keydown'));
    expect(onUse).toHaveBeenCalledTimes(1);
    unmount();

    const later = vi.fn();
    renderHook(() => useFirstUse(later)).unmount();
    window.dispatchEvent(new Event('scroll'));
    expect(later).not.toHaveBeenCalled();
  });
});
