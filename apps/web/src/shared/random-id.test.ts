import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId } from './random-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('a random id made in the browser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a UUID v4 on a plain-http address, where the browser has no crypto.randomUUID', () => {
    vi.stubGlobal('isSecureContext', false);
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const ids = Array.from({ length: 200 }, randomId);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(200);
  });
});
