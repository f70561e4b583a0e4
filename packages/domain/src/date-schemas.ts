import { z } from 'zod';

/** A calendar date on the wire: `YYYY-MM-DD`, and a real one (no 2026-02-30). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid value')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Invalid value');

/** An instant on the wire: ISO 8601 with an offset. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
