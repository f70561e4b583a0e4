import { zoneOffsetMs } from '@bjk/domain/dates';
import type { Language } from '@bjk/domain/languages';

/** Minutes the time zone is ahead of UTC at `instant`. */
function offsetMinutes(instant: number, timeZone: string): number {
  return Math.round(zoneOffsetMs(new Date(instant), timeZone) / 60_000);
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** An instant as a `datetime-local` value (wall time in the edition's time zone, with seconds). */
export function isoToZonedInput(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  return new Date(instant + offsetMinutes(instant, timeZone) * 60_000).toISOString().slice(0, 19);
}

/** A `datetime-local` value read as wall time in the edition's time zone, as ISO 8601 with that offset. */
export function zonedInputToIso(local: string, timeZone: string): string {
  const withSeconds = local.length === 16 ? `${local}:00` : local;
  const asUtc = Date.parse(`${withSeconds}Z`);
  if (Number.isNaN(asUtc)) return '';
  // The offset depends on the instant, which depends on the offset: twice settles it (daylight saving).
  let offset = offsetMinutes(asUtc, timeZone);
  offset = offsetMinutes(asUtc - offset * 60_000, timeZone);
  return `${withSeconds}${formatOffset(offset)}`;
}

const COMMA_LANGUAGES: Language[] = ['nl', 'fr', 'de'];

/** Cents as the amount a person types: "35,00" (nl, fr, de) or "35.00" (en). */
export function centsToInput(cents: number, language: Language): string {
  if (!Number.isFinite(cents)) return '';
  const text = (cents / 100).toFixed(2);
  return COMMA_LANGUAGES.includes(language) ? text.replace('.', ',') : text;
}

/** A typed amount in euros ("35", "35,5", "35.50") as integer cents; NaN when it is not an amount. */
export function inputToCents(text: string): number {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!/^\d{1,7}([.,]\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed.replace(',', '.')) * 100);
}

/** Whether react-hook-form's `dirtyFields` (nested objects and arrays of flags) marks any field as changed. */
export function hasDirtyField(dirtyFields: unknown): boolean {
  if (dirtyFields === true) return true;
  if (dirtyFields && typeof dirtyFields === 'object') return Object.values(dirtyFields).some(hasDirtyField);
  return false;
}

/** Two JSON-like values with the same content: key order aside, and a property set to `undefined` counts as absent. */
export function sameContent(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameContent(item, b[i]));
  const defined = (o: object) => Object.entries(o).filter(([, v]) => v !== undefined);
  const left = defined(a);
  const right = new Map(defined(b));
  return left.length === right.size && left.every(([k, v]) => right.has(k) && sameContent(v, right.get(k)));
}
