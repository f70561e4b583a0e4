import { describe, expect, it } from 'vitest';
import { findUnsafeText, idParamSchema, idSchema, int32Schema, unsafeTextReason } from './input-rules.js';

describe('the text rule of every request', () => {
  it('accepts ordinary text in every script, emoji included', () => {
    expect(unsafeTextReason('Zoë Van den Broeck — 王 ♞ 😀')).toBeNull();
  });
  it('refuses a NUL character', () => {
    expect(unsafeTextReason('a\u0000b')).toBe('nul');
  });
  it('refuses a lone high or low surrogate, wherever it stands', () => {
    expect(unsafeTextReason('x\ud800y')).toBe('lone_surrogate');
    expect(unsafeTextReason('x\udc00')).toBe('lone_surrogate');
    expect(unsafeTextReason('\ud800')).toBe('lone_surrogate');
  });
  it('names the path of the first unsafe text in a nested value, keys included', () => {
    expect(findUnsafeText({ contact: { firstName: 'Ann' }, guests: [{ lastName: 'ok' }, { lastName: 'b\u0000' }] })).toEqual({
      path: 'guests.1.lastName',
      reason: 'nul',
    });
    expect(findUnsafeText({ ['k\ud800']: 1 })).toEqual({ path: '(key)', reason: 'lone_surrogate' });
    expect(findUnsafeText({ a: 1, b: [true, null, 'fine'] })).toBeNull();
  });
});

describe('integers of a request', () => {
  it('fit in PostgreSQL integer: 2³¹ and above are refused', () => {
    expect(int32Schema.safeParse(2 ** 31 - 1).success).toBe(true);
    expect(int32Schema.safeParse(2 ** 31).success).toBe(false);
    expect(idSchema.safeParse(2 ** 31).success).toBe(false);
    expect(idParamSchema.safeParse('2147483648').success).toBe(false);
  });
  it('ids are positive', () => {
    expect(idSchema.safeParse(0).success).toBe(false);
    expect(idParamSchema.safeParse('-1').success).toBe(false);
    expect(idParamSchema.parse('42')).toBe(42);
  });
});
