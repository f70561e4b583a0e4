import { describe, expect, it } from 'vitest';
import { croppedSize, largeEnough } from './crop';

describe('the badge photo cut out of a picture', () => {
  it('is never enlarged: a 60 × 60 picture gives no badge photo at all', () => {
    expect(largeEnough({ width: 60, height: 60 })).toBe(false);
    expect(croppedSize({ width: 60, height: 75 })).toBeNull();
  });

  it('keeps a chosen part of at least 160 × 200 pixels at its own size', () => {
    expect(largeEnough({ width: 160, height: 200 })).toBe(true);
    expect(croppedSize({ width: 160, height: 200 })).toEqual({ width: 160, height: 200 });
    expect(croppedSize({ width: 159.6, height: 199.5 })).toEqual({ width: 160, height: 200 });
    expect(croppedSize({ width: 159, height: 198.75 })).toBeNull();
  });

  it('shrinks a large part to 800 × 1000, what the server keeps', () => {
    expect(croppedSize({ width: 2400, height: 3000 })).toEqual({ width: 800, height: 1000 });
  });
});
