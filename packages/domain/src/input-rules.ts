import { z } from 'zod';

/**
 * Rules every value a client sends obeys, whatever the route. The server applies the text rule to every
 * string of every request (params, query, JSON body, multipart fields) in one platform hook, so no schema
 * can forget it; the integer schemas below are what every integer of a request is declared with, and a
 * test walks the OpenAPI description to prove that no request integer is left unbounded.
 */

/** PostgreSQL's `integer`: ids, counts and cents of a request fit in it, anything larger is a client error. */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

/** Any integer a request carries (cents, quantities, years): within PostgreSQL's `integer`. */
export const int32Schema = z.number().int().min(INT32_MIN).max(INT32_MAX);

/** A record id in a JSON body: a positive `integer` (serial) value. */
export const idSchema = z.number().int().min(1).max(INT32_MAX);

/** A record id in a path or query string (text on the wire). */
export const idParamSchema = z.coerce.number().int().min(1).max(INT32_MAX);

/** A page number or size in a query string. */
export const pageParamSchema = z.coerce.number().int().min(1).max(INT32_MAX);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a text is refused, or null when it is acceptable: PostgreSQL cannot store a NUL character in text,
 * and a lone UTF-16 surrogate is not a character at all (it cannot be encoded as UTF-8).
 */
export function unsafeTextReason(text: string): 'nul' | 'lone_surrogate' | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'lone_surrogate';
  return null;
}

/** The path (`contact.firstName`, `guests.0.lastName`) and reason of the first unsafe text in a value, or null. */
export function findUnsafeText(value: unknown, path: string[] = [], depth = 0): { path: string; reason: 'nul' | 'lone_surrogate' } | null {
  if (typeof value === 'string') {
    const reason = unsafeTextReason(value);
    return reason ? { path: path.join('.'), reason } : null;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const keyReason = unsafeTextReason(key);
    if (keyReason) return { path: [...path, '(key)'].join('.'), reason: keyReason };
    const found = findUnsafeText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
