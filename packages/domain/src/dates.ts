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

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far a time zone's wall clock is ahead of UTC at an instant, in milliseconds (DST included). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(part.year), Number(part.month) - 1, Number(part.day), Number(part.hour), Number(part.minute), Number(part.second));
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a calendar day starts (00:00 on the wall clock) in a time zone: `startOfDayInTimeZone('2027-02-16',
 * 'Europe/Brussels')` is 2027-02-15T23:00:00Z. The offset is read again at the result, so a day after a DST change
 * starts at its own offset.
 */
export function startOfDayInTimeZone(date: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const guess = midnightUtc - zoneOffsetMs(new Date(midnightUtc), timeZone);
  return new Date(midnightUtc - zoneOffsetMs(new Date(guess), timeZone));
}
