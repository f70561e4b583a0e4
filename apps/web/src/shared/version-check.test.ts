import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkLatestBuild, isReloadPending, markReloadPending, reloadIfPending, RELOAD_GUARD_MS } from './version-check';

describe('reloading onto a new build', () => {
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    window.sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('marks a reload when latest.json names another build', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ buildId: 'new' }))) as unknown as typeof fetch;
    expect(await checkLatestBuild('old', fetcher)).toBe(true);
    expect(isReloadPending()).toBe(true);
    reloadIfPending('/x', 1_000_000);
  });

  it('stays put when the build is current or the check fails', async () => {
    const same = vi.fn(async () => new Response(JSON.stringify({ buildId: 'b1' }))) as unknown as typeof fetch;
    const broken = vi.fn(async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    expect(await checkLatestBuild('b1', same)).toBe(false);
    expect(await checkLatestBuild('b1', broken)).toBe(false);
  });

  it('reloads on the next navigation, at most once per ten seconds', () => {
    markReloadPending();
    expect(reloadIfPending('/rules', 5_000_000)).toBe(true);
    expect(assign).toHaveBeenCalledWith('/rules');
    markReloadPending();
    expect(reloadIfPending('/stay', 5_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reloadIfPending('/stay', 5_000_000 + RELOAD_GUARD_MS + 1)).toBe(true);
    expect(assign).toHaveBeenCalledTimes(2);
  });

  it('does nothing when no reload is due', () => {
    expect(reloadIfPending('/x', 9_000_000)).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
