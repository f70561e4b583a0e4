import { z } from 'zod';

/**
 * Every error the API answers has this body. `code` is `<area>.<reason>`; the web translates it
 * (namespace `errors`), `message` is an English fallback for logs and API users, `details` carries
 * field paths for validation failures or facts the message needs.
 */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A validation failure lists the offending fields by path (`guests.0.birthDate`). */
export const fieldIssueSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** Codes of the platform itself; areas add their own `<area>.<reason>` codes. */
export const PLATFORM_ERRORS = {
  validation: 'platform.validation',
  unauthenticated: 'platform.unauthenticated',
  forbidden: 'platform.forbidden',
  notFound: 'platform.not_found',
  conflict: 'platform.conflict',
  payloadTooLarge: 'platform.payload_too_large',
  rateLimited: 'platform.rate_limited',
  internal: 'platform.internal',
  dbUnavailable: 'platform.db_unavailable',
  idempotencyInProgress: 'platform.idempotency_in_progress',
  idempotencyMismatch: 'platform.idempotency_mismatch',
} as const;
