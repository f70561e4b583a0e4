/** Zod-free date arithmetic on `YYYY-MM-DD` strings (real calendar days, across month ends). */
const DAY_MS = 86_400_000;

/** Calendar days from `from` to `to` (both `YYYY-MM-DD`), across month and year ends. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** `date` shifted by `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Age in whole years on `onDate` of someone born on `birthDate` (both `YYYY-MM-DD`). */
export function ageOn(birthDate: string, onDate: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = onDate.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date of an instant in a time zone (the edition's, Europe/Brussels). One formatter per zone, kept:
 * making one costs far more than formatting, and the programme asks once per event.
 */
export function dateInTimeZone(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(instant);
}
