/**
 * Belgian structured message (OGM / VCS, "gestructureerde mededeling"): a 10-digit base followed by two check
 * digits equal to base mod 97, where a remainder of 0 is written as 97. Shown as `+++ddd/dddd/dddcc+++`.
 * Zod-free so the web's payment page can use it.
 */

const BASE_LIMIT = 10_000_000_000;

/** The two check digits of a 10-digit base (1…97). */
export function structuredMessageCheck(base: number): number {
  if (!Number.isInteger(base) || base < 0 || base >= BASE_LIMIT) throw new RangeError(`Invalid structured message base ${base}`);
  const remainder = base % 97;
  return remainder === 0 ? 97 : remainder;
}

/** The 12 digits (base + check) of a base number. */
export function structuredMessageDigits(base: number): string {
  return `${String(base).padStart(10, '0')}${String(structuredMessageCheck(base)).padStart(2, '0')}`;
}

/**
 * The base of a payment request's message: edition year × 1 000 000 + request number, so a message tells the
 * treasurer the edition at a glance and stays unique for up to 999 999 requests a year.
 */
export function structuredMessageBase(year: number, requestNumber: number): number {
  if (!Number.isInteger(requestNumber) || requestNumber < 1 || requestNumber > 999_999) {
    throw new RangeError(`Request number ${requestNumber} does not fit a structured message`);
  }
  return year * 1_000_000 + requestNumber;
}

/** `+++ddd/dddd/dddcc+++` from 12 digits. */
export function formatStructuredMessage(digits: string): string {
  if (!/^\d{12}$/.test(digits)) throw new RangeError('A structured message has 12 digits');
  return `+++${digits.slice(0, 3)}/${digits.slice(3, 7)}/${digits.slice(7)}+++`;
}

/** True when 12 digits carry a correct check (mod 97, 97 for a remainder of 0). */
export function isValidStructuredMessageDigits(digits: string): boolean {
  if (!/^\d{12}$/.test(digits)) return false;
  const base = Number(digits.slice(0, 10));
  const check = Number(digits.slice(10));
  return check >= 1 && check <= 97 && structuredMessageCheck(base) === check;
}

/**
 * Reads a structured message as people and banks write it: `+++020/2700/00195+++`, `***020/2700/00195***`,
 * `020 2700 00195`, `020270000195`. Only decoration (spaces, `+`, `*`, `/`) is tolerated around the 12 digits;
 * returns the digits when the check holds, otherwise null.
 */
export function parseStructuredMessage(text: string | null | undefined): string | null {
  if (!text) return null;
  const stripped = text.trim();
  if (!/^[\d\s+*/.-]+$/.test(stripped)) return null;
  const digits = stripped.replace(/\D/g, '');
  return isValidStructuredMessageDigits(digits) ? digits : null;
}

/** Decorated 12-digit runs inside free text: `+++ddd/dddd/ddddd+++`, `***…***`, digits grouped by spaces or slashes. */
const EMBEDDED = /(?:[+*]{3}\s*)?(?<!\d)(\d{3})\s*[/ ]?\s*(\d{4})\s*[/ ]?\s*(\d{5})(?!\d)(?:\s*[+*]{3})?/g;

/**
 * Finds a valid structured message inside a free-text communication (payers often type it there instead of in the
 * structured field). The mod-97 check keeps accidental digit runs out.
 */
export function findStructuredMessage(text: string | null | undefined): string | null {
  if (!text) return null;
  const whole = parseStructuredMessage(text);
  if (whole) return whole;
  for (const match of text.matchAll(EMBEDDED)) {
    const digits = `${match[1]}${match[2]}${match[3]}`;
    if (isValidStructuredMessageDigits(digits)) return digits;
  }
  return null;
}
